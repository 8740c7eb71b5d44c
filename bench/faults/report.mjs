// Runs the fault tests (services/gateway/test/faults.int-spec.ts) and writes what they
// measured (test-results/faults.json) into the "Faults" section of docs/benchmarks.md.
// Usage: npm run bench:faults [-- --report-only]  (needs `npm run build` and `npm run infra:up` for the Kafka jars)
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { updateSection } from '../lib/benchmarks-doc.mjs';

const root = fileURLToPath(new URL('../../', import.meta.url));
// --report-only: write the figures of the last run instead of running the tests again.
if (!process.argv.includes('--report-only'))
  execFileSync(
    process.execPath,
    [
      '--experimental-vm-modules',
      'node_modules/jest/bin/jest.js',
      'services/gateway/test/faults.int-spec.ts',
      '--selectProjects',
      'integration',
    ],
    { cwd: root, stdio: 'inherit' },
  );
const faults = JSON.parse(
  readFileSync(new URL('../../test-results/faults.json', import.meta.url), 'utf8'),
);
const s = (ms) => `${(ms / 1000).toFixed(1)} s`;
const kill = faults['kill -9 ledger under load'];
const kafka = faults['Kafka down 30 s under staking load'];
const redis = faults['Redis restart with analyses queued'];
const pg = faults['PostgreSQL restart'];
const body = `
The fault tests of \`npm test\` (\`services/gateway/test/faults.int-spec.ts\`): the distributed topology (each service its
own process) on a PostgreSQL, Redis (append-only file, as a job-queue Redis needs) and Kafka of the test's own, on loopback,
with 4 users staking in closed loops. Goal: 0 lost and 0 duplicated.

| fault | what happened | recovery | lost | duplicated |
| --- | --- | --- | --- | --- |
| \`kill -9\` of the ledger under load | first 503 (JSON) on its routes ${kill.firstAnswerAfterKillMs} ms after the kill; searches kept answering 200; ${kill.answeredDuringOutage} stakes answered 503 while it was down | first stake placed ${s(kill.recoveryAfterRestartMs)} after the restart began (process start, Kafka group join) | ${kill.lostStakes} of ${kill.stakesPlaced} stakes answered 201 | — |
| Kafka down ${s(kafka.outageMs)} under staking load | ${kafka.stakesPlacedDuringOutage} stakes placed during the outage (the outbox held their events) | every event published and handled by the search service ${s(kafka.recoveryAfterBrokerBackMs)} after the broker was back | ${kafka.lostEvents} events | ${kafka.duplicatedToHandlers} to handlers (${kafka.duplicatedOnTheStream} on the stream) |
| Redis restart with ${redis.queued} analyses queued | Redis down ${s(redis.redisDownMs)} | all ${redis.queued} analyses completed ${s(redis.allCompletedAfterRedisBackMs)} after Redis was back | ${redis.lostJobs} jobs | ${redis.analysesRunTwice} analyses run twice |
| PostgreSQL restart | gateway not ready ${pg.notReadyAfterMs} ms after the stop | ready again ${pg.readyAgainAfterMs} ms after the start, first stake ${pg.firstStakeAfterMs} ms after | — | — |
`;
updateSection('faults', 'Faults: recovery, lost and duplicated', 'npm run bench:faults', body);
console.log('docs/benchmarks.md updated (Faults)');
