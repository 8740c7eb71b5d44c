// Is node_modules what package-lock.json describes? npm keeps a copy of the lockfile it
// installed from (node_modules/.package-lock.json, the "hidden lockfile"): every package of
// the lockfile must be there with the same version, optional ones excepted (they may not
// apply to this platform).
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { repoRoot } from './paths.mjs';

/** Returns undefined when node_modules is fresh, or the reason it is not. */
export function dependenciesStaleReason(root = repoRoot) {
  const nodeModules = join(root, 'node_modules');
  const hiddenLockPath = join(nodeModules, '.package-lock.json');
  if (!existsSync(nodeModules)) return 'node_modules is missing';
  if (!existsSync(hiddenLockPath)) return 'node_modules/.package-lock.json is missing';
  const wanted = readPackages(join(root, 'package-lock.json'));
  const installed = readPackages(hiddenLockPath);
  for (const [location, entry] of Object.entries(wanted)) {
    if (!location.startsWith('node_modules/')) continue;
    const have = installed[location];
    if (!have) {
      if (entry.optional || entry.devOptional) continue;
      return `${location.slice('node_modules/'.length)} is not installed`;
    }
    if (entry.link ? have.resolved !== entry.resolved : have.version !== entry.version) {
      return `${location.slice('node_modules/'.length)} is ${have.version ?? have.resolved}, the lockfile wants ${entry.version ?? entry.resolved}`;
    }
    if (entry.link && !existsSync(join(root, location))) return `${location} link is missing`;
  }
  return undefined;
}

function readPackages(file) {
  return JSON.parse(readFileSync(file, 'utf8')).packages ?? {};
}
