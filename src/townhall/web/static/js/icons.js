// Small inline SVG icons for buttons: they draw in any font, unlike the media-control
// characters (⏮ ⏭ ⏸), which some fonts lack. Each icon hides from screen readers: the button
// carries the words.
const SVG = "http://www.w3.org/2000/svg";

const SHAPES = {
  first: ["M3 3h2v10H3z", "M14 3v10L6 8z"],
  previous: ["M13 3v10L5 8z"],
  play: ["M4 3v10l9-5z"],
  pause: ["M4 3h3v10H4z", "M9 3h3v10H9z"],
  next: ["M3 3v10l8-5z", "M11 3h2v10h-2z"],
  last: ["M2 3v10l8-5z", "M11 3h2v10h-2z"],
};

export function icon(name) {
  const svg = document.createElementNS(SVG, "svg");
  svg.setAttribute("viewBox", "0 0 16 16");
  svg.setAttribute("width", "16");
  svg.setAttribute("height", "16");
  svg.setAttribute("aria-hidden", "true");
  svg.setAttribute("focusable", "false");
  svg.setAttribute("class", `icon icon-${name}`);
  for (const d of SHAPES[name]) {
    const path = document.createElementNS(SVG, "path");
    path.setAttribute("d", d);
    path.setAttribute("fill", "currentColor");
    svg.append(path);
  }
  return svg;
}
