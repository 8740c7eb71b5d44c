// Writes the API documents from libs/contracts, so they cannot drift from the code:
//   docs/api/openapi.json   OpenAPI 3.1: API_ROUTES + JSON Schemas of the HTTP contract types
//   docs/api/asyncapi.json  AsyncAPI 3.0: EventPayloads, TopicVersions, EventHeaders, TOPIC_CATALOGUE
//   node scripts/contracts-docs.mjs           print both (JSON) to stdout
//   node scripts/contracts-docs.mjs --write   write them
//   node scripts/contracts-docs.mjs --check   exit 1 when the committed files differ from the code
//                                             (or docs/event-stream.md misses a topic)
// The catalogue and constants come from the contracts build (rebuilt first, ~1 s); the schemas
// from the TypeScript sources.
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { asyncApiDocument } from './lib/contracts-docs/asyncapi.mjs';
import { openApiDocument } from './lib/contracts-docs/openapi.mjs';
import { contractSchemas } from './lib/contracts-docs/schemas.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const mode = process.argv[2];
if (mode && mode !== '--write' && mode !== '--check') {
  console.error('usage: node scripts/contracts-docs.mjs [--write|--check]');
  process.exit(2);
}

execFileSync('npm', ['run', '--silent', 'build', '-w', '@frenly/contracts'], {
  cwd: root,
  stdio: 'pipe',
});
const contracts = await import('@frenly/contracts');
const { version } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
const schemas = contractSchemas(root);

const documents = {
  'docs/api/openapi.json': openApiDocument({
    routes: contracts.API_ROUTES,
    schemas,
    sessionCookie: 'frenly_session',
    requestIdHeader: 'X-Request-Id',
    version,
  }),
  'docs/api/asyncapi.json': asyncApiDocument({
    schemas,
    topicVersions: contracts.TopicVersions,
    eventHeaders: contracts.EventHeaders,
    catalogue: contracts.TOPIC_CATALOGUE,
    version,
  }),
};
assertUniqueOperationIds(documents['docs/api/openapi.json']);

let stale = 0;
for (const [path, document] of Object.entries(documents)) {
  const text = `${JSON.stringify(document, null, 2)}\n`;
  const file = join(root, path);
  if (mode === '--write') {
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, text);
    console.log(`wrote ${path}`);
  } else if (mode === '--check') {
    let committed = '';
    try {
      committed = readFileSync(file, 'utf8');
    } catch {
      // missing counts as stale
    }
    if (committed !== text) {
      stale += 1;
      console.error(
        `${path} is out of date with libs/contracts: run \`node scripts/contracts-docs.mjs --write\` and commit it`,
      );
    } else console.log(`${path} is current`);
  } else process.stdout.write(text);
}
// The readers' guide is prose, but it must at least name every topic.
if (mode === '--check') {
  const guide = readFileSync(join(root, 'docs/event-stream.md'), 'utf8');
  for (const topic of Object.values(contracts.Topics)) {
    if (!guide.includes(`\`${topic}\``)) {
      stale += 1;
      console.error(`docs/event-stream.md does not describe the topic ${topic}`);
    }
  }
}
if (stale > 0) process.exit(1);

function assertUniqueOperationIds(openApi) {
  const seen = new Set();
  for (const [path, item] of Object.entries(openApi.paths)) {
    for (const [method, operation] of Object.entries(item)) {
      if (seen.has(operation.operationId))
        throw new Error(
          `duplicate operationId ${operation.operationId} (${method.toUpperCase()} ${path})`,
        );
      seen.add(operation.operationId);
    }
  }
}
