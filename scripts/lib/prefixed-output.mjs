// Copies a child's output line by line with a "[name] " prefix, so that five services can
// share one terminal.
import { createInterface } from 'node:readline';

const COLOURS = [36, 33, 35, 32, 34, 31];

export function prefixOutput(name, index, child, width) {
  const label = name.padEnd(width);
  const colour = COLOURS[index % COLOURS.length];
  const prefix = (stream) => (stream.isTTY ? `\x1b[${colour}m[${label}]\x1b[0m ` : `[${label}] `);
  const pipe = (from, to) => {
    if (!from) return;
    createInterface({ input: from, crlfDelay: Infinity }).on('line', (line) =>
      to.write(`${prefix(to)}${line}\n`),
    );
  };
  pipe(child.stdout, process.stdout);
  pipe(child.stderr, process.stderr);
}
