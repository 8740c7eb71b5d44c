// What both start scripts do first: install dependencies if node_modules is stale, then
// build what changed. Messages go to stderr, prefixed, so they are told apart from the app's logs.
import { join } from 'node:path';
import { buildStaleReason, recordBuild, sourceFingerprint } from './build.mjs';
import { dependenciesStaleReason } from './dependencies.mjs';
import { runForwardingSignals } from './children.mjs';
import { binDir, repoRoot } from './paths.mjs';

export function say(message) {
  process.stderr.write(`[start] ${message}\n`);
}

export async function ensureDependencies() {
  const reason = dependenciesStaleReason();
  if (!reason) return;
  say(`installing dependencies from package-lock.json (${reason})`);
  // npm ci, or npm install from the same lockfile where this registry makes npm ci refuse it
  // (see scripts/install-deps.sh); both include dev packages, which the build needs.
  await run('bash', [join(repoRoot, 'scripts', 'install-deps.sh')], 'installing dependencies');
}

export async function ensureBuilt() {
  const fingerprint = sourceFingerprint();
  const reason = buildStaleReason(fingerprint);
  if (!reason) return;
  say(`building (${reason})`);
  await run(join(binDir, 'nx'), ['run-many', '-t', 'build', '--outputStyle=static'], 'the build', {
    NX_DAEMON: 'false',
  });
  recordBuild(fingerprint);
}

async function run(command, args, what, extraEnv = {}) {
  let result;
  try {
    result = await runForwardingSignals(command, args, {
      cwd: repoRoot,
      stdio: ['ignore', 'inherit', 'inherit'],
      env: { ...process.env, ...extraEnv },
    });
  } catch (error) {
    say(`${what} could not run: ${error.message}`);
    process.exit(1);
  }
  if (result.code !== 0) {
    say(`${what} failed (${result.signal ?? `exit ${result.code}`})`);
    process.exit(result.code || 1);
  }
}
