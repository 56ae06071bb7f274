// Pan and zoom of the board's viewBox: drag with a mouse or one finger, pinch with two, the
// wheel, or the buttons. A drag longer than a few pixels is not a click.

const CLICK_SLOP = 6; // pixels a press may move and still be a click

export function panZoom(el) {
  const box = { x: 0, y: 0, width: 1000, height: 1000 };
  const pointers = new Map();
  let moved = false;
  let pinch = null;
  let start = null;
  const state = { touched: false };

  const apply = () => el.setAttribute("viewBox", `${box.x} ${box.y} ${box.width} ${box.height}`);
  const scale = () => box.width / el.clientWidth; // board units per pixel (preserveAspectRatio: meet)

  // Zoom by `factor` (>1: closer) around a point given in pixels of the element.
  function zoom(factor, px = el.clientWidth / 2, py = el.clientHeight / 2) {
    const point = toBoard(px, py);
    box.width /= factor;
    box.height /= factor;
    const after = toBoard(px, py);
    box.x += point[0] - after[0];
    box.y += point[1] - after[1];
    state.touched = true;
    apply();
  }

  // A point in pixels of the element in board units, with the meet letterboxing accounted for.
  function toBoard(px, py) {
    const k = Math.max(box.width / el.clientWidth, box.height / el.clientHeight);
    const offsetX = (el.clientWidth * k - box.width) / 2;
    const offsetY = (el.clientHeight * k - box.height) / 2;
    return [box.x - offsetX + px * k, box.y - offsetY + py * k];
  }

  // Show exactly this box (board units); `touched`: the player chose it (the default view no
  // longer moves it).
  function show(next, touched = false) {
    Object.assign(box, { x: next.x, y: next.y, width: next.width, height: next.height });
    state.touched = touched;
    apply();
  }

  // The whole content with a small margin.
  function fit(content, touched = false) {
    const margin = Math.max(content.width, content.height) * 0.03 + 4;
    show(
      {
        x: content.x - margin,
        y: content.y - margin,
        width: content.width + 2 * margin,
        height: content.height + 2 * margin,
      },
      touched,
    );
  }

  // The board moved under the view (a relayout): follow it, so nothing jumps on screen.
  function shift(dx, dy) {
    box.x += dx;
    box.y += dy;
    apply();
  }

  // A point in board units in pixels of the element.
  function toPixels(x, y) {
    const k = Math.max(box.width / el.clientWidth, box.height / el.clientHeight);
    const offsetX = (el.clientWidth * k - box.width) / 2;
    const offsetY = (el.clientHeight * k - box.height) / 2;
    return [(x - box.x + offsetX) / k, (y - box.y + offsetY) / k];
  }

  const local = (event) => {
    const rect = el.getBoundingClientRect();
    return [event.clientX - rect.left, event.clientY - rect.top];
  };

  el.addEventListener("pointerdown", (event) => {
    // The first finger (or the mouse) starts afresh: a lift lost on a redrawn element leaves no ghost pointer.
    if (event.isPrimary) pointers.clear();
    pointers.set(event.pointerId, local(event));
    if (pointers.size === 1) {
      moved = false;
      start = local(event);
    } else if (pointers.size === 2) {
      const [a, b] = [...pointers.values()];
      pinch = { distance: Math.hypot(a[0] - b[0], a[1] - b[1]), mid: [(a[0] + b[0]) / 2, (a[1] + b[1]) / 2] };
      moved = true;
    }
  });
  el.addEventListener("pointermove", (event) => {
    if (!pointers.has(event.pointerId)) return;
    const before = pointers.get(event.pointerId);
    const now = local(event);
    pointers.set(event.pointerId, now);
    if (pointers.size === 2 && pinch) {
      const [a, b] = [...pointers.values()];
      const distance = Math.hypot(a[0] - b[0], a[1] - b[1]);
      const mid = [(a[0] + b[0]) / 2, (a[1] + b[1]) / 2];
      if (pinch.distance > 0 && distance > 0) zoom(distance / pinch.distance, mid[0], mid[1]);
      const k = Math.max(box.width / el.clientWidth, box.height / el.clientHeight);
      box.x -= (mid[0] - pinch.mid[0]) * k;
      box.y -= (mid[1] - pinch.mid[1]) * k;
      apply();
      pinch = { distance, mid };
      return;
    }
    if (pointers.size !== 1) return;
    if (!moved && Math.hypot(now[0] - start[0], now[1] - start[1]) < CLICK_SLOP) return;
    if (!moved) el.setPointerCapture?.(event.pointerId);
    moved = true;
    const k = Math.max(box.width / el.clientWidth, box.height / el.clientHeight);
    box.x -= (now[0] - before[0]) * k;
    box.y -= (now[1] - before[1]) * k;
    state.touched = true;
    apply();
  });
  const up = (event) => {
    pointers.delete(event.pointerId);
    if (pointers.size < 2) pinch = null;
  };
  window.addEventListener("pointerup", up);
  window.addEventListener("pointercancel", up);
  // A drag ends in a click on some element: swallow it.
  el.addEventListener(
    "click",
    (event) => {
      if (moved) {
        event.stopPropagation();
        event.preventDefault();
        moved = false;
      }
    },
    true,
  );
  el.addEventListener(
    "wheel",
    (event) => {
      event.preventDefault();
      const [px, py] = local(event);
      zoom(Math.exp(-event.deltaY * 0.0015), px, py);
    },
    { passive: false },
  );

  return {
    fit,
    show,
    shift,
    zoom,
    scale,
    toPixels,
    get viewBox() {
      return { ...box };
    },
    get touched() {
      return state.touched;
    },
  };
}
