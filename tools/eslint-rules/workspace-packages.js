// Reads the npm workspace (root package.json "workspaces") and each package's
// package.json, so lint rules can ask "which package owns this file?" and
// "which tags does @frenly/x carry?". Results are cached by file mtime: an
// editor's long-running ESLint sees packages that other people add or retag.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, resolve, sep } from 'node:path';

const jsonCache = new Map(); // path -> { mtimeMs, json }

function readJson(path) {
  let mtimeMs;
  try {
    mtimeMs = statSync(path).mtimeMs;
  } catch {
    return undefined;
  }
  const cached = jsonCache.get(path);
  if (cached && cached.mtimeMs === mtimeMs) return cached.json;
  let json;
  try {
    json = JSON.parse(readFileSync(path, 'utf8'));
  } catch {
    json = undefined; // a half-written package.json is treated as absent
  }
  jsonCache.set(path, { mtimeMs, json });
  return json;
}

/** The nearest ancestor directory whose package.json declares "workspaces". */
export function findWorkspaceRoot(fromDir) {
  for (let dir = resolve(fromDir); ; dir = dirname(dir)) {
    if (readJson(join(dir, 'package.json'))?.workspaces) return dir;
    if (dirname(dir) === dir) return undefined;
  }
}

function packageDirs(root) {
  const patterns = readJson(join(root, 'package.json'))?.workspaces ?? [];
  const list = Array.isArray(patterns) ? patterns : (patterns.packages ?? []);
  const dirs = [];
  for (const pattern of list) {
    if (pattern.endsWith('/*')) {
      const parent = join(root, pattern.slice(0, -2));
      let entries;
      try {
        entries = readdirSync(parent, { withFileTypes: true });
      } catch {
        continue; // the folder does not exist yet
      }
      for (const e of entries) if (e.isDirectory()) dirs.push(join(parent, e.name));
    } else {
      dirs.push(join(root, pattern));
    }
  }
  return dirs;
}

/** Every workspace package that has a package.json: { name, dir, tags, exports }. */
export function listPackages(root) {
  const packages = [];
  for (const dir of packageDirs(root)) {
    const json = readJson(join(dir, 'package.json'));
    if (!json?.name) continue;
    const tags = Array.isArray(json.nx?.tags) ? json.nx.tags : [];
    packages.push({ name: json.name, dir, tags, exports: json.exports });
  }
  return packages;
}

/** The workspace package whose directory contains `file`, if any. */
export function packageOfFile(packages, file) {
  return packages.find((p) => file === p.dir || file.startsWith(p.dir + sep));
}
