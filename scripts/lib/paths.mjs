// Where things are in the checkout, for the start scripts.
import { fileURLToPath } from 'node:url';

export const repoRoot = fileURLToPath(new URL('../../', import.meta.url));
export const nodeModules = fileURLToPath(new URL('../../node_modules/', import.meta.url));
export const binDir = fileURLToPath(new URL('../../node_modules/.bin/', import.meta.url));
