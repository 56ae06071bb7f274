"""How readable and clickable the board is at the view a player gets: the rendered size of every
text on the board (SVG text scaled by its transform to CSS px) and of every legal target, and
whether each target's centre is really the target (not under a button). Issue 33's measure:
text at least 10 CSS px, targets at least 24x24 CSS px (WCAG 2.2 target size)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from playwright.sync_api import Page

MIN_TEXT_PX = 10.0
MIN_TARGET_PX = 24.0

# Runs in the page: texts and targets visible inside the board's frame (what is panned out of
# view is not read until the player pans to it; the page may scroll).
_MEASURE = """() => {
  const frame = document.querySelector('#board .board-svg');
  const clip = frame ? frame.getBoundingClientRect() : null;
  const inside = (r) => clip && r.width > 0 && r.height > 0 &&
    r.right > clip.left + 1 && r.left < clip.right - 1 && r.bottom > clip.top + 1 && r.top < clip.bottom - 1;
  const shown = (el) => {
    for (let e = el; e && e.nodeType === 1; e = e.parentElement) {
      const s = getComputedStyle(e);
      if (s.display === 'none' || s.visibility === 'hidden' || Number(s.opacity) === 0) return false;
      if (e.hidden) return false;
    }
    return true;
  };
  const texts = [];
  for (const el of document.querySelectorAll('#board svg text')) {
    const words = el.textContent.trim();
    if (!words || !shown(el)) continue;
    const r = el.getBoundingClientRect();
    if (!inside(r)) continue;
    const m = el.getScreenCTM();
    const scale = m ? Math.hypot(m.a, m.b) : 1;
    texts.push({ words, px: parseFloat(getComputedStyle(el).fontSize) * scale, where: 'svg' });
  }
  // HTML text drawn over or beside the board (labels, panels) counts too.
  for (const el of document.querySelectorAll('#board *:not(svg):not(svg *), #offboard *')) {
    const own = [...el.childNodes].filter((n) => n.nodeType === 3).map((n) => n.textContent.trim()).join('');
    if (!own || !shown(el)) continue;
    const r = el.getBoundingClientRect();
    if (r.width === 0 || r.height === 0) continue;
    texts.push({ words: own, px: parseFloat(getComputedStyle(el).fontSize), where: 'html' });
  }
  const targets = [];
  for (const el of document.querySelectorAll('#board .target')) {
    if (!shown(el)) continue;
    const hit = el.querySelector('.wb-hit') || el;
    const r = hit.getBoundingClientRect();
    if (!inside(r)) { targets.push({ label: el.getAttribute('aria-label') || '', visible: false }); continue; }
    const x = Math.min(Math.max((r.left + r.right) / 2, clip.left + 1), clip.right - 1);
    const y = Math.min(Math.max((r.top + r.bottom) / 2, clip.top + 1), clip.bottom - 1);
    const top = document.elementFromPoint(x, y);
    targets.push({
      label: el.getAttribute('aria-label') || '', visible: true,
      width: Math.min(r.right, clip.right) - Math.max(r.left, clip.left),
      height: Math.min(r.bottom, clip.bottom) - Math.max(r.top, clip.top),
      reachable: !!top && el.contains(top),
    });
  }
  return { texts, targets };
}"""


@dataclass
class Readability:
    texts: list[dict[str, Any]]
    targets: list[dict[str, Any]]
    small_texts: list[str] = field(default_factory=list)
    small_targets: list[str] = field(default_factory=list)
    covered_targets: list[str] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return not (self.small_texts or self.small_targets or self.covered_targets)

    def summary(self) -> str:
        readable = len(self.texts) - len(self.small_texts)
        visible = [t for t in self.targets if t["visible"]]
        return (
            f"{readable} of {len(self.texts)} texts >= {MIN_TEXT_PX:g} px; "
            f"{len(visible) - len(self.small_targets)} of {len(visible)} visible targets >= {MIN_TARGET_PX:g} px "
            f"({len(self.targets) - len(visible)} panned out of view); {len(self.covered_targets)} covered; "
            f"small texts e.g. {self.small_texts[:5]}; small targets e.g. {self.small_targets[:5]}"
        )


def measure(page: Page) -> Readability:
    found = page.evaluate(_MEASURE)
    result = Readability(found["texts"], found["targets"])
    result.small_texts = [f"{t['words'][:20]} ({t['px']:.1f} px)" for t in result.texts if t["px"] < MIN_TEXT_PX - 0.05]
    for target in result.targets:
        if not target["visible"]:
            continue
        name = f"{target['label'][:30]} ({target['width']:.0f}x{target['height']:.0f})"
        if min(target["width"], target["height"]) < MIN_TARGET_PX - 0.5:
            result.small_targets.append(name)
        if not target["reachable"]:
            result.covered_targets.append(name)
    return result
