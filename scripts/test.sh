#!/usr/bin/env bash
# The whole test suite: static checks, unit tests, then integration tests against real
# PostgreSQL, Redis and Kafka (brought up here), then browser tests (Debian's Chromium driven by
# playwright-core against the built app in the embedded runtime). Every runner's own
# summary is printed; the last line is the total: `N passed, N failed`.
set -uo pipefail
cd "$(dirname "$0")/.."

results_dir=test-results
rm -rf "$results_dir" && mkdir -p "$results_dir"
export NX_DAEMON=false NX_NO_CLOUD=true NX_TUI=false FORCE_COLOR=0

# A step that is not a test runner (build, lint, …) counts as one check.
check() {
  local name=$1; shift
  echo "::: $name"
  if "$@"; then echo "pass" > "$results_dir/check-$name.txt"; else echo "fail" > "$results_dir/check-$name.txt"; fi
}

node_jest() { node --experimental-vm-modules node_modules/jest/bin/jest.js "$@"; }

check infra npm run --silent infra:up
check build npx nx run-many -t build --outputStyle=static
check typecheck npm run --silent typecheck
[ -f eslint.config.js ] && check lint npx eslint . --max-warnings=0
[ -f scripts/check-compose.sh ] && check compose bash scripts/check-compose.sh
check k8s node scripts/check-k8s.mjs
check format npx prettier --check . --log-level warn
check config-table node scripts/config-table.mjs --check
check contracts-docs node scripts/contracts-docs.mjs --check
# `npm ci` must accept the committed lockfile as it is (else a fresh clone's first install rewrites it).
check lockfile npm ci --dry-run --ignore-scripts --include=dev --no-audit --no-fund

echo "::: unit tests"
node_jest --selectProjects unit --json --outputFile="$results_dir/jest-unit.json"

if compgen -G "tools/eslint-rules/*.test.mjs" > /dev/null; then
  echo "::: lint rule tests"
  node --test --test-reporter=spec --test-reporter-destination=stdout \
    --test-reporter=junit --test-reporter-destination="$results_dir/node-test.xml" tools/eslint-rules/*.test.mjs
fi

if [ -f frontend/vitest.config.ts ]; then
  echo "::: frontend unit tests"
  (cd frontend && npx vitest run --reporter=default --reporter=json --outputFile="../$results_dir/vitest.json")
fi

echo "::: integration tests (real PostgreSQL, Redis, Kafka)"
node_jest --selectProjects integration --runInBand --json --outputFile="$results_dir/jest-integration.json"

echo "::: end-to-end tests (Chromium against the embedded runtime; screenshots in $results_dir/e2e-screenshots)"
node_jest --selectProjects e2e --runInBand --json --outputFile="$results_dir/jest-e2e.json"

echo "::: end-to-end tests again, against the distributed topology (screenshots in $results_dir/e2e-screenshots-distributed)"
FRENLY_E2E_RUNTIME=distributed node_jest --selectProjects e2e --runInBand --json --outputFile="$results_dir/jest-e2e-distributed.json"

node scripts/test-summary.mjs "$results_dir"
