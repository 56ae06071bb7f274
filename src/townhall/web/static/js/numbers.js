// Numbers as players read them: a change with its sign (+12, −3; the true minus sign).
export function signed(value) {
  return value > 0 ? `+${value}` : String(value).replace("-", "−");
}
