#!/usr/bin/env node
// A random bot: answers each turn with a random legal move, in any game.
// Speaks protocol/PROTOCOL.md. Usage: random.js [seed]. With a seed, each game
// is seeded from it and the game's own `seed` (mulberry32), so a game plays the
// same whichever process plays it; without one, Math.random.
const readline = require('node:readline');

const seed = process.argv[2];
let state = 0;
function next() {
  // mulberry32: a small generator of 32-bit state, enough to pick a move.
  state = (state + 0x6d2b79f5) | 0;
  let t = Math.imul(state ^ (state >>> 15), 1 | state);
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
}
const random = seed === undefined ? Math.random : next;

const lines = readline.createInterface({ input: process.stdin });
lines.on('line', (line) => {
  const words = line.split(' ');
  if (words[0] === 'game' && seed !== undefined) {
    const at = words.indexOf('seed');
    const game = at > 0 ? BigInt(words[at + 1]) : 0n;
    state = Number((BigInt(seed) * 1000003n + game) % 4294967296n) | 0;
  } else if (words[0] === 'turn') {
    const legal = words.slice(words.indexOf('legal') + 1);
    process.stdout.write(legal[Math.floor(random() * legal.length)] + '\n');
  } else if (words[0] === 'quit') {
    process.exit(0);
  }
});
