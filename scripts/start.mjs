// `npm start`: the embedded runtime (the whole application in one process).
// Installs dependencies when node_modules is missing or stale, builds what changed, then runs
// services/embedded/dist/main.js in the foreground with signals and exit code passed through.
// Configuration is the environment (PORT, FRENLY_DATA_DIR, LOG_LEVEL…); the app validates it.
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { exitLike, runForwardingSignals } from './lib/children.mjs';
import { repoRoot } from './lib/paths.mjs';
import { ensureBuilt, ensureDependencies } from './lib/prepare.mjs';

await refuseIfDataDirInUse();
await ensureDependencies();
await ensureBuilt();
const result = await runForwardingSignals(
  process.execPath,
  [join(repoRoot, 'services/embedded/dist/main.js')],
  {
    stdio: 'inherit',
  },
);
exitLike(result);

// A second `npm start` on a folder in use refuses before installing or building anything (a
// rebuild would rewrite the code under the running process). The runtime itself takes the
// lock (services/embedded/src/data-dir-lock); this is only the early, read-only look.
async function refuseIfDataDirInUse() {
  const dataDir = process.env.FRENLY_DATA_DIR || './.data';
  const lockModule = join(repoRoot, 'services/embedded/dist/data-dir-lock/data-dir-lock.js');
  if (process.env.DATABASE_URL || dataDir.startsWith('memory://') || !existsSync(lockModule))
    return;
  const { findLiveHolder, dataDirInUseMessage } = await import(pathToFileURL(lockModule).href);
  const holder = findLiveHolder(dataDir);
  if (!holder) return;
  process.stderr.write(`${dataDirInUseMessage(resolve(dataDir), holder)}\n`);
  process.exit(75);
}
