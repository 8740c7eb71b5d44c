// The two ways these specs start the embedded runtime as a real process: `npm start` (the start
// script, which builds what is missing first) and the built runtime itself (dist/main.js).
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { cleanEnv, spawnProcess, type SpawnedProcess } from '@frenly/testing';

export const repoRoot = fileURLToPath(new URL('../../../../', import.meta.url));

/** `npm start` for real: scripts/start.mjs with `env` (PORT, FRENLY_DATA_DIR…) over a clean environment. */
export function npmStart(env: NodeJS.ProcessEnv): SpawnedProcess {
  return spawnProcess(
    process.execPath,
    [join(repoRoot, 'scripts/start.mjs')],
    cleanEnv({ LOG_LEVEL: 'warn', ...env }),
    repoRoot,
  );
}

/**
 * The built runtime (services/embedded/dist/main.js) on loopback with `env` over a clean
 * environment; a variable set to undefined in `env` is left out (the runtime's own default).
 */
export function startBuiltRuntime(env: NodeJS.ProcessEnv): SpawnedProcess {
  const processEnv = cleanEnv({ HOST: '127.0.0.1', LOG_LEVEL: 'warn', NODE_ENV: 'test', ...env });
  for (const [key, value] of Object.entries(processEnv))
    if (value === undefined) delete processEnv[key];
  return spawnProcess(
    process.execPath,
    [join(repoRoot, 'services/embedded/dist/main.js')],
    processEnv,
    repoRoot,
  );
}
