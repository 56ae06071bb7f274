// SVG elements and the geometry of the three layouts (square, hex axial pointy-top, row).

export const NS = "http://www.w3.org/2000/svg";

export function svg(tag, attrs = {}) {
  const el = document.createElementNS(NS, tag);
  for (const [name, value] of Object.entries(attrs)) {
    if (value === null || value === undefined) continue;
    // a style through the CSSOM: the page's CSP refuses style attributes
    if (name === "style") el.style.cssText = String(value);
    else el.setAttribute(name, String(value));
  }
  return el;
}

// Where a cell's local origin lies in its area: the top-left corner of a square (and row)
// cell, the centre of a hex cell.
export function cellOrigin(layout, cell, size) {
  if (layout === "hex") {
    return [size * Math.sqrt(3) * (cell.col + cell.row / 2), size * 1.5 * cell.row];
  }
  return [cell.col * size, cell.row * size];
}

// The outline of a cell in its local coordinates: a square or a pointy-top hexagon.
export function cellOutline(layout, size, attrs = {}) {
  if (layout === "hex") return svg("polygon", { points: hexPoints(size), ...attrs });
  return svg("rect", { x: 0, y: 0, width: size, height: size, ...attrs });
}

export function hexPoints(size) {
  const points = [];
  for (let i = 0; i < 6; i += 1) {
    const angle = (Math.PI / 180) * (60 * i - 30);
    points.push(`${(size * Math.cos(angle)).toFixed(2)},${(size * Math.sin(angle)).toFixed(2)}`);
  }
  return points.join(" ");
}

// The centre of a cell in its local coordinates.
export function cellCentre(layout, size) {
  return layout === "hex" ? [0, 0] : [size / 2, size / 2];
}

// The cell of a placed area (render's placement: layout and cells) at a point in the area's
// local coordinates, or null.
export function cellUnder(area, x, y, size) {
  let col;
  let row;
  if (area.layout === "hex") {
    // axial coordinates of a pointy-top hex, rounded through cube coordinates
    const q = ((Math.sqrt(3) / 3) * x - y / 3) / size;
    const r = ((2 / 3) * y) / size;
    const s = -q - r;
    [col, row] = [Math.round(q), Math.round(r)];
    const rs = Math.round(s);
    const [dq, dr, ds] = [Math.abs(col - q), Math.abs(row - r), Math.abs(rs - s)];
    if (dq > dr && dq > ds) col = -row - rs;
    else if (dr > ds) row = -col - rs;
  } else {
    [col, row] = [Math.floor(x / size), Math.floor(y / size)];
  }
  for (const cell of area.cells.values()) if (cell.col === col && cell.row === row) return cell;
  return null;
}
