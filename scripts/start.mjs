// `npm start`: the embedded runtime (the whole application in one process).
// Installs dependencies when node_modules is missing or stale, builds what changed, then runs
// services/embedded/dist/main.js in the foreground with signals and exit code passed through.
// Configuration is the environment (PORT, FRENLY_DATA_DIR, LOG_LEVEL…); the app validates it.
import { join } from 'node:path';
import { exitLike, runForwardingSignals } from './lib/children.mjs';
import { repoRoot } from './lib/paths.mjs';
import { ensureBuilt, ensureDependencies } from './lib/prepare.mjs';

await ensureDependencies();
await ensureBuilt();
const result = await runForwardingSignals(process.execPath, [join(repoRoot, 'services/embedded/dist/main.js')], {
  stdio: 'inherit',
});
exitLike(result);
