// Is every build output present and made from the current sources? A content fingerprint of
// the workspace's packages (and the root build settings) is compared with the one recorded
// after the last successful build: a no-op start costs a few milliseconds, not an Nx run.
// When something changed, `nx run-many -t build` rebuilds, using its cache for the rest.
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { nodeModules, repoRoot } from './paths.mjs';

const ROOT_INPUTS = [
  'package.json',
  'package-lock.json',
  'nx.json',
  'tsconfig.base.json',
  '.swcrc',
];
// Like Nx's "production" inputs: tests do not change what a build produces.
const SKIPPED_DIRS = new Set([
  'node_modules',
  'dist',
  'coverage',
  '.data',
  '.nx',
  '.turbo',
  'test',
]);
const SKIPPED_FILES = /\.(spec|int-spec|test)\.[cm]?[jt]sx?$/;
const STAMP_FILE = join(nodeModules, '.cache', 'frenly', 'build-stamp.json');

/** Workspace packages with a build script: libs/*, services/*, frontend. */
export function buildablePackages() {
  const dirs = ['libs', 'services'].flatMap((group) =>
    existsSync(join(repoRoot, group))
      ? readdirSync(join(repoRoot, group), { withFileTypes: true })
          .filter((d) => d.isDirectory())
          .map((d) => join(group, d.name))
      : [],
  );
  dirs.push('frontend');
  return dirs.filter((dir) => {
    const manifest = join(repoRoot, dir, 'package.json');
    return (
      existsSync(manifest) && Boolean(JSON.parse(readFileSync(manifest, 'utf8')).scripts?.build)
    );
  });
}

export function sourceFingerprint(packages = buildablePackages()) {
  const hash = createHash('sha256');
  const add = (file) => {
    hash.update(relative(repoRoot, file));
    hash.update('\0');
    hash.update(readFileSync(file));
    hash.update('\0');
  };
  for (const file of ROOT_INPUTS) if (existsSync(join(repoRoot, file))) add(join(repoRoot, file));
  for (const dir of packages) for (const file of walk(join(repoRoot, dir))) add(file);
  return hash.digest('hex');
}

/** Returns undefined when the build is fresh, or the reason it is not. */
export function buildStaleReason(fingerprint, packages = buildablePackages()) {
  const missing = packages.find((dir) => !existsSync(join(repoRoot, dir, 'dist')));
  if (missing) return `${missing}/dist is missing`;
  const stamp = existsSync(STAMP_FILE) ? JSON.parse(readFileSync(STAMP_FILE, 'utf8')) : undefined;
  if (!stamp) return 'no record of a previous build';
  if (stamp.fingerprint !== fingerprint) return 'sources changed since the last build';
  return undefined;
}

export function recordBuild(fingerprint) {
  mkdirSync(join(STAMP_FILE, '..'), { recursive: true });
  writeFileSync(
    STAMP_FILE,
    `${JSON.stringify({ fingerprint, builtAt: new Date().toISOString() })}\n`,
  );
}

function* walk(dir) {
  const entries = readdirSync(dir, { withFileTypes: true }).sort((a, b) =>
    a.name < b.name ? -1 : 1,
  );
  for (const entry of entries) {
    if (entry.isDirectory()) {
      if (!SKIPPED_DIRS.has(entry.name)) yield* walk(join(dir, entry.name));
    } else if (entry.isFile() && !SKIPPED_FILES.test(entry.name)) {
      yield join(dir, entry.name);
    }
  }
}
