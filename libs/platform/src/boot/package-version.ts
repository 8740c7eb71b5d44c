import { readFileSync } from 'node:fs';

/** The `version` of the package.json at `url` (e.g. `new URL('../package.json', import.meta.url)`). */
export function packageVersion(url: URL): string {
  try {
    const parsed = JSON.parse(readFileSync(url, 'utf8')) as { version?: unknown };
    return typeof parsed.version === 'string' ? parsed.version : '0.0.0';
  } catch {
    return '0.0.0';
  }
}
