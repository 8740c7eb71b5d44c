import { accessSync, constants } from 'node:fs';

/** Where Debian, Ubuntu and Google install a Chromium-family browser. */
export const CHROMIUM_CANDIDATES: readonly string[] = [
  '/usr/bin/chromium',
  '/usr/bin/chromium-browser',
  '/usr/bin/google-chrome',
  '/usr/bin/google-chrome-stable',
];

export type ChromiumLookup =
  | { readonly found: true; readonly path: string }
  | { readonly found: false; readonly reason: string };

/**
 * The Chromium the browser tier drives: the configured path (which must be executable), else the
 * first installed candidate. Not found is an answer, not an error: the HTML tier then runs alone
 * and the report names the reason.
 */
export function findChromium(
  configured: string | undefined,
  candidates: readonly string[] = CHROMIUM_CANDIDATES,
): ChromiumLookup {
  if (configured !== undefined && configured !== '') {
    return executable(configured)
      ? { found: true, path: configured }
      : { found: false, reason: `FRENLY_CHROMIUM_PATH ${configured} is not an executable file` };
  }
  const path = candidates.find(executable);
  return path
    ? { found: true, path }
    : {
        found: false,
        reason: `no Chromium installed (looked for ${candidates.join(', ')}; set FRENLY_CHROMIUM_PATH)`,
      };
}

function executable(path: string): boolean {
  try {
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}
