#!/usr/bin/env node
// A random bot: answers each turn with a random legal move, in any game.
// Speaks protocol/PROTOCOL.md.
const readline = require('node:readline');

const lines = readline.createInterface({ input: process.stdin });
lines.on('line', (line) => {
  const words = line.split(' ');
  if (words[0] === 'turn') {
    const legal = words.slice(words.indexOf('legal') + 1);
    process.stdout.write(legal[Math.floor(Math.random() * legal.length)] + '\n');
  } else if (words[0] === 'quit') {
    process.exit(0);
  }
});
