// The drawing module of a game (static/js/games/<name>.js), or the generic one when the game
// has none (docs/web-client.md).
import generic from "./games/generic.js";

export async function loadGame(name) {
  if (!/^[a-z0-9-]+$/.test(name)) return generic;
  try {
    const module = await import(`./games/${name}.js`);
    return module.default || generic;
  } catch {
    return generic;
  }
}
