// Renders the README's configuration table from the services' own config specs (the same
// objects that validate the environment at boot), so the table cannot drift from the code.
//   node scripts/config-table.mjs           print the table
//   node scripts/config-table.mjs --write   update README.md between the markers
//   node scripts/config-table.mjs --check   exit 1 when README.md is out of date
import { readFileSync, writeFileSync } from 'node:fs';

const runtimes = {
  embedded: (await import('@frenly/embedded')).embeddedConfigSpec,
  gateway: (await import('@frenly/gateway')).gatewayConfigSpec,
  search: (await import('@frenly/search')).searchConfigSpec,
  ledger: (await import('@frenly/ledger')).ledgerConfigSpec,
  analysis: (await import('@frenly/analysis')).analysisConfigSpec,
  realtime: (await import('@frenly/realtime')).realtimeConfigSpec,
};

// Variables read by the scripts rather than by a service.
const scriptVars = [
  [
    'SEARCH_PORT, LEDGER_PORT, ANALYSIS_PORT, REALTIME_PORT',
    '3001 … 3004',
    'start:distributed',
    'Ports of the services started by `npm run start:distributed` (the gateway uses PORT)',
  ],
  [
    'TEST_DATABASE_URL',
    'postgres://postgres@127.0.0.1:5432/postgres',
    'tests',
    'Server on which the integration tests create (and drop) scratch databases',
  ],
];

const rows = new Map();
for (const [runtime, spec] of Object.entries(runtimes)) {
  for (const [name, varSpec] of Object.entries(spec)) {
    const row = rows.get(name) ?? { name, defaults: new Set(), users: [], descriptions: new Set() };
    row.defaults.add(varSpec.defaultText ?? '');
    row.users.push(runtime);
    row.descriptions.add(varSpec.description);
    rows.set(name, row);
  }
}

const cell = (text) => String(text).replaceAll('|', '\\|');
const lines = ['| Variable | Default | Used by | Meaning |', '| --- | --- | --- | --- |'];
for (const row of [...rows.values()].sort((a, b) => a.name.localeCompare(b.name))) {
  const defaults = [...row.defaults].map((d) => (d === '' ? '—' : `\`${d}\``)).join(' / ');
  const users = row.users.length === Object.keys(runtimes).length ? 'all' : row.users.join(', ');
  lines.push(
    `| \`${row.name}\` | ${cell(defaults)} | ${users} | ${cell([...row.descriptions].join('; '))} |`,
  );
}
for (const [name, def, users, meaning] of scriptVars)
  lines.push(`| \`${name}\` | \`${def}\` | ${users} | ${meaning} |`);
const table = lines.join('\n');

const start = '<!-- config-table:start -->';
const end = '<!-- config-table:end -->';
const mode = process.argv[2];
if (!mode) {
  console.log(table);
} else {
  const readme = readFileSync('README.md', 'utf8');
  const [before, rest] = readme.split(start);
  const after = rest?.split(end)[1];
  if (before === undefined || after === undefined)
    throw new Error(`README.md lacks the ${start} … ${end} markers`);
  const updated = `${before}${start}\n${table}\n${end}${after}`;
  if (mode === '--write') writeFileSync('README.md', updated);
  else if (updated !== readme) {
    console.error(
      'README.md configuration table is out of date: run `node scripts/config-table.mjs --write`',
    );
    process.exit(1);
  } else console.log('README.md configuration table is current');
}
process.exit(0);
