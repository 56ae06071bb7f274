"""The four games' drawing modules (src/townhall/web/static/js/games/*.js) load in Node, export
the drawing contract (docs/web-client.md) and draw every cell of real board views with a minimal
fake SVG context: every part an action targets is drawn clickable (data-part), and the previews of
placements cover exactly the cells (My City) or show exactly the turned parts (Carcassonne) the
game gives the placed piece. Every game term a module asks for (`word(ctx, key)`) is in the words
the server gives it (GET /api/games/{name}/words) in every language."""

from __future__ import annotations

import json
import random
import re
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest

from townhall import games
from townhall.cli.schemas import mark_kinds
from townhall.engine.board import BoardView, check_marks
from townhall.engine.chance import Chance
from townhall.engine.protocol import Game, State
from townhall.games.antiquity import actions as antiquity_actions
from townhall.games.antiquity import board_view as antiquity_view
from townhall.games.antiquity.placement import cells_for
from townhall.games.antiquity.position import AntiquityPosition
from townhall.games.carcassonne import board_view as carcassonne_view
from townhall.games.carcassonne.actions import DEPLOY
from townhall.games.carcassonne.position import PLACE, CarcassonnePosition
from townhall.games.my_city.data import cell_name
from townhall.games.my_city.state import MyCityState
from townhall.i18n import LANGUAGES
from townhall.server.routes.games import game_words

GAMES_DIR = Path(__file__).resolve().parents[2] / "src" / "townhall" / "web" / "static" / "js" / "games"
NAMES = games.shipped()
NODE = shutil.which("node")

# Runs in Node: imports a module, checks its export, draws every cell, extra and preview.
CHECK = r"""
import { readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
const [moduleFile, positionsFile, catalogFile, wordsFile] = process.argv.slice(2);
const mod = await import(pathToFileURL(moduleFile).href);
const game = mod.default;
const fail = (msg) => { console.error(msg); process.exit(1); };
if (!game || typeof game.cellSize !== 'number' || !(game.cellSize > 0)) fail('no positive cellSize');
if (typeof game.drawCell !== 'function') fail('no drawCell');
for (const hook of ['drawGhost', 'drawAreaExtras', 'describe', 'sheets', 'focus', 'areaTitle', 'areaOrder']) {
  if (hook in game && typeof game[hook] !== 'function') fail(`${hook} is not a function`);
}
class El {
  constructor(tag, attrs = {}) { this.tag = tag; this.attrs = {}; this.children = []; this.textContent = '';
    for (const [k, v] of Object.entries(attrs)) if (v !== null && v !== undefined) this.attrs[k] = String(v); }
  setAttribute(k, v) { this.attrs[k] = String(v); }
  getAttribute(k) { return this.attrs[k] ?? null; }
  append(...els) { for (const e of els) { if (!(e instanceof El)) fail(`appended a non-element: ${e}`); this.children.push(e); } }
  prepend(...els) { this.children.unshift(...els); }
  get classList() { return { add: () => {} }; }
  *walk() { yield this; for (const c of this.children) yield* c.walk(); }
}
// t(key) as the page's i18n.js gives it: the Japanese catalog, the key itself where it has none.
const catalog = JSON.parse(readFileSync(catalogFile, 'utf8'));
const t = (key, vars = {}) => (catalog[key] ?? key).replace(/\{(\w+)\}/g, (_, n) => (n in vars ? String(vars[n]) : `{${n}}`));
// The game's words in every language; the module draws with the Japanese ones, each key it asks noted.
const wordsByLanguage = JSON.parse(readFileSync(wordsFile, 'utf8'));
const asked = new Set();
const words = new Proxy(wordsByLanguage.ja, { get: (target, key) => { if (typeof key === 'string') asked.add(key); return target[key]; } });
const ctx = { lang: 'ja', t, words, playerColor: (s) => `hsl(${Number(s) * 90}, 70%, 50%)`, svg: (tag, attrs) => new El(tag, attrs) };
// A module's own words come from the catalog: no catalog key and no unfilled placeholder is drawn.
const unsaid = (el) => /^(kh|cc|an|mc)-[a-z]|\{\w+\}/.test(el.textContent);
const numbers = (el) => Object.values(el.attrs).every((v) => !/NaN|undefined|Infinity/.test(v));
const report = { cells: 0, ghosts: 0, parts: 0, described: 0 };
for (const { view, targets } of JSON.parse(readFileSync(positionsFile, 'utf8'))) {
  const drawn = new Map();
  for (const area of view.areas) {
    for (const cell of area.cells ?? []) {
      const g = new El('g');
      game.drawCell(g, cell, area, view, ctx);
      const els = [...g.walk()];
      if (els.length < 2) fail(`${area.id}/${cell.id}: nothing drawn`);
      const bad = els.find((e) => !numbers(e));
      if (bad) fail(`${area.id}/${cell.id}: ${bad.tag} ${JSON.stringify(bad.attrs)}`);
      const raw = els.find(unsaid);
      if (raw) fail(`${area.id}/${cell.id}: draws ${raw.textContent}`);
      drawn.set(`${area.id}/${cell.id}`, new Set(els.map((e) => e.attrs['data-part']).filter(Boolean)));
      report.cells++;
      // a tip names every cell, and each of its parts, in words: no key, no placeholder, no "undefined"
      for (const part of game.describe ? [null, ...(cell.parts ?? [])] : []) {
        const says = game.describe(cell, area, view, { ...ctx, name: (seat) => `P${seat}` }, part);
        if (!says && part === null) fail(`${area.id}/${cell.id}: no tip`);
        const words = says ? [says.title, ...(says.lines ?? [])] : [];
        const wrong = words.find((w) => typeof w !== 'string' || !w.trim() || unsaid({ textContent: w }) || /undefined|null|NaN/.test(w));
        if (says && (!says.title || wrong !== undefined))
          fail(`${area.id}/${cell.id} ${part?.id ?? ''}: the tooltip says ${JSON.stringify(says)}`);
        report.described++;
      }
    }
    if (game.areaTitle) {
      const title = game.areaTitle(area, view, { ...ctx, name: (seat) => `P${seat}` });
      if (title && unsaid({ textContent: title })) fail(`${area.id}: titled ${title}`);
    }
    if (game.drawAreaExtras) {
      const g = new El('g');
      game.drawAreaExtras(g, area, view, { ...ctx, bounds: { x: 0, y: 0, width: 0, height: 0 } });
      const bad = [...g.walk()].find((e) => !numbers(e));
      if (bad) fail(`${area.id} extras: ${bad.tag} ${JSON.stringify(bad.attrs)}`);
      const raw = [...g.walk()].find(unsaid);
      if (raw) fail(`${area.id} extras: draws ${raw.textContent}`);
    }
  }
  if (game.sheets) {  // sheets shown one at a time: every area on one, each with a label
    const sheets = game.sheets(view, ctx);
    for (const area of view.areas) {
      const on = sheets.filter((s) => s.areas.includes(area.id));
      if (on.length !== 1) fail(`area ${area.id} is on ${on.length} sheets`);
    }
    const bad = sheets.find((s) => typeof s.label !== 'string' || !s.label.trim() || unsaid({ textContent: s.label }));
    if (bad) fail(`sheet ${bad.id} has no label in words`);
  }
  for (const { target, text, ghost } of targets) {
    if (target.part) {
      const parts = drawn.get(`${target.area}/${target.cell}`);
      if (!parts || !parts.has(target.part)) fail(`${text}: part ${target.part} of ${target.area}/${target.cell} not clickable`);
      report.parts++;
    }
    if (!ghost) continue;
    const g = new El('g');
    game.drawGhost(g, target, { text, target }, view, ctx);
    const els = [...g.walk()];
    if (els.some((e) => e.attrs['data-part'])) fail(`${text}: a preview catches clicks`);
    if (ghost.cells) {
      const area = view.areas.find((a) => a.id === target.area);
      const at = area.cells.find((c) => c.id === target.cell);
      const covered = els.map((e) => /^translate\((-?\d+(?:\.\d+)?),(-?\d+(?:\.\d+)?)\)$/.exec(e.attrs.transform ?? ''))
        .filter(Boolean).map(([, x, y]) => [at.col + Number(x) / game.cellSize, at.row + Number(y) / game.cellSize]);
      const names = covered.map(([c, r]) => area.cells.find((k) => k.col === c && k.row === r)?.id ?? `${c},${r}`).sort();
      if (JSON.stringify(names) !== JSON.stringify([...ghost.cells].sort())) fail(`${text}: preview covers ${names}, the game ${ghost.cells}`);
    }
    if (ghost.parts) {
      const hand = view.areas.find((a) => a.id === 'hand').cells[0];
      const turned = hand.parts.map((p) => ({ id: p.id, edges: p.edges.map((e) => mod.turnEdge(e, target.rotation)) }));
      const want = ghost.parts.map((p) => ({ id: p.id, edges: p.edges }));
      const key = (ps) => JSON.stringify(ps.map((p) => [p.id, [...p.edges].sort()]));
      if (key(turned) !== key(want)) fail(`${text}: preview parts ${key(turned)}, the game ${key(want)}`);
    }
    report.ghosts++;
  }
}
for (const key of asked) {
  for (const [language, known] of Object.entries(wordsByLanguage)) {
    if (typeof known[key] !== 'string' || !known[key].trim()) fail(`the term ${key} is not in the ${language} words`);
  }
}
report.terms = asked.size;
console.log(JSON.stringify(report));
"""


def _ghost(game: Game[Any], state: State, player: int, action: int) -> dict[str, Any] | None:
    """What the game says a placement will look like, for checking its preview."""
    if isinstance(state, MyCityState) and state.action_to_json(action)["kind"] == "place":
        mask = state.terrain.mask_of[action]
        return {"cells": [cell_name(i) for i in range(mask.bit_length()) if mask >> i & 1]}
    if isinstance(state, CarcassonnePosition) and state.phase == PLACE and action < DEPLOY:
        tile = state.hand * 4 + (action & 3)
        return {"parts": carcassonne_view._parts(tile)}
    if isinstance(state, AntiquityPosition) and state.action_to_json(action)["kind"] == "square":
        choice = antiquity_view.building_to_place(state.players[player])
        assert choice is not None
        c, x, y, rot = antiquity_actions.SPACE.decode(action)[1]
        return {"cells": [antiquity_view.cell_id(c, i) for i in cells_for(state, choice, c, x, y, rot)]}
    return None


def _positions(name: str, options: dict[str, Any], seed: int, snapshots: int, every: int) -> list[dict[str, Any]]:
    game = games.get(name)
    chance = Chance(seed)
    rng = random.Random(seed)
    state = game.start(2, options, chance)
    out: list[dict[str, Any]] = []
    step = placing = 0
    while state.to_move() and len(out) < snapshots:
        player = state.to_move()[0]
        legal = state.legal_actions(player)
        targets = []
        for action in legal:
            target = game.action_target(state, player, action)
            if target is not None:
                entry = {"target": target, "text": state.action_words(action), "ghost": None}
                if target.get("rotation") is not None:
                    entry["ghost"] = _ghost(game, state, player, action)
                targets.append(entry)
        # every few steps, and the first two positions where a piece is placed
        places = any(entry["ghost"] for entry in targets)
        if step % every == 0 or (places and placing < 2):
            out.append({"view": game.board_view(state, player), "targets": targets})
            placing += places
        state.apply(player, rng.choice(legal), chance)
        step += 1
    out.append({"view": game.board_view(state, None), "targets": []})
    return out


CASES = {
    "carcassonne": [({}, 3, 6, 9), ({"river": True}, 4, 4, 5)],
    "kutna-hora": [({}, 5, 4, 41)],
    "my-city": [({}, 6, 3, 4), ({"mode": "campaign", "episode": 24}, 7, 2, 6)],
    "antiquity": [({}, 8, 3, 37)],
}


@pytest.mark.parametrize("name", NAMES)
def test_module_draws_real_board_views(name: str, tmp_path: Path) -> None:
    if NODE is None:
        pytest.skip("node is not installed")
    module = GAMES_DIR / f"{name}.js"
    source = module.read_text(encoding="utf-8")
    # plain ES modules served from the package: nothing is fetched from the internet
    assert not re.search(r"""(import|from)\s*\(?\s*['"]https?:""", source)
    positions = [
        p for options, seed, snaps, every in CASES[name] for p in _positions(name, options, seed, snaps, every)
    ]
    # the marks the module reads are the kinds (and values) its game declares and publishes
    declared = mark_kinds(type(games.get(name)).__module__)
    assert declared, "the game declares its mark kinds"
    for position in positions:
        assert check_marks(BoardView.model_validate(position["view"]), declared) == []
    data = tmp_path / "positions.json"
    data.write_text(json.dumps(positions), encoding="utf-8")
    script = tmp_path / "check.mjs"
    script.write_text(CHECK, encoding="utf-8")
    catalog = GAMES_DIR.parent.parent / "i18n" / "ja.json"
    words = tmp_path / "words.json"
    words.write_text(json.dumps({code: game_words(name, code)["words"] for code in LANGUAGES}), encoding="utf-8")
    run = subprocess.run(
        [NODE, str(script), str(module), str(data), str(catalog), str(words)],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert run.returncode == 0, run.stderr
    report = json.loads(run.stdout)
    assert report["cells"] > 0
    # every preview the game offers was drawn and checked, and every part an action targets is clickable
    targets = [entry for position in positions for entry in position["targets"]]
    assert report["ghosts"] == sum(1 for entry in targets if entry["ghost"])
    assert report["parts"] == sum(1 for entry in targets if entry["target"].get("part"))
    assert report["ghosts"] + report["parts"] > 0, "no preview and no part was checked"
    assert report["terms"] > 0, "the module asks the game's words (drawing or in its tooltips)"
