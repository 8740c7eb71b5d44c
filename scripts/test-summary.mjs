// Adds up every runner's results (Jest and Vitest JSON, node --test JUnit, one-per-check
// files) into the closing line `N passed, N failed`, and exits non-zero on any failure.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const dir = process.argv[2] ?? 'test-results';
let passed = 0;
let failed = 0;
const failures = [];

for (const file of existsSync(dir) ? readdirSync(dir).sort() : []) {
  const path = join(dir, file);
  if (file.startsWith('check-')) {
    const ok = readFileSync(path, 'utf8').trim() === 'pass';
    ok ? passed++ : (failed++, failures.push(`check ${file.slice(6, -4)}`));
  } else if (file.endsWith('.json')) {
    const report = JSON.parse(readFileSync(path, 'utf8'));
    passed += report.numPassedTests ?? 0;
    failed += report.numFailedTests ?? 0;
    // A suite that failed to load has no failed tests but must still fail the run.
    for (const suite of report.testResults ?? []) {
      const suiteFailed =
        suite.status === 'failed' &&
        (suite.assertionResults ?? []).every((a) => a.status !== 'failed');
      if (suiteFailed) {
        failed++;
        failures.push(
          `suite ${suite.name}: ${
            String(suite.message)
              .split('\n')
              .find((l) => l.trim()) ?? 'failed to run'
          }`,
        );
      }
      for (const a of suite.assertionResults ?? [])
        if (a.status === 'failed') failures.push(a.fullName);
    }
  } else if (file.endsWith('.xml')) {
    const xml = readFileSync(path, 'utf8');
    for (const [, body] of xml.matchAll(/<testcase\b[^>]*?(?:\/>|>([\s\S]*?)<\/testcase>)/g)) {
      body && /<failure\b/.test(body) ? failed++ : passed++;
    }
  }
}

// A runner that crashed before writing its report leaves its expected file missing.
for (const expected of [
  'jest-unit.json',
  'jest-integration.json',
  'jest-e2e.json',
  'jest-e2e-distributed.json',
]) {
  if (!existsSync(join(dir, expected))) {
    failed++;
    failures.push(`${expected}: the runner produced no report`);
  }
}

if (failures.length > 0) {
  console.log('\nFailures:');
  for (const f of failures.slice(0, 50)) console.log(`  - ${f}`);
}
console.log(`\n${passed} passed, ${failed} failed`);
process.exit(failed > 0 || passed === 0 ? 1 : 0);
