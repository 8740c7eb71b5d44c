// Writes one benchmark section into docs/benchmarks.md (between its markers), with the
// machine and the command that produced it, so every figure there can be reproduced.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, totalmem } from 'node:os';

const DOC = new URL('../../docs/benchmarks.md', import.meta.url);

/** `loadAtStart`: the 1-minute load average the benchmark saw when it began (default: now). */
export function machineLine(loadAtStart = loadavg()[0]) {
  const cpu = cpus();
  return (
    `${cpu.length} × ${cpu[0]?.model ?? 'unknown CPU'}, ${Math.round(totalmem() / 2 ** 30)} GiB, Node ${process.version}, ` +
    `load average ${Number(loadAtStart).toFixed(2)} at start`
  );
}

export function updateSection(name, title, command, body, { loadAtStart } = {}) {
  const start = `<!-- bench:${name}:start -->`;
  const end = `<!-- bench:${name}:end -->`;
  const section =
    `${start}\n## ${title}\n\nMeasured ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC on ${machineLine(loadAtStart)}.\n` +
    `Command: \`${command}\`\n\n${body.trim()}\n${end}`;
  let doc = existsSync(DOC)
    ? readFileSync(DOC, 'utf8')
    : '# Benchmarks\n\nEvery figure here comes from a script in `bench/`; rerun the command to reproduce it.\n';
  doc = doc.includes(start)
    ? doc.replace(new RegExp(`${start}[\\s\\S]*?${end}`), section)
    : `${doc.trimEnd()}\n\n${section}\n`;
  writeFileSync(DOC, doc);
}
