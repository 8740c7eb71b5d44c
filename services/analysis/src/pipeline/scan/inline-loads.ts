// URLs that inline scripts load: tag snippets (Google Analytics, gtag, Meta's fbq, GTM, pixels)
// write the address of the script or pixel they load into the page's own script. Only an
// address used as a script, frame or image counts; a URL that is merely mentioned (a social
// profile in JSON data, a share link, a canonical URL) is not something the page loads.

/** An absolute or protocol-relative URL in script text. */
const URL_IN_SCRIPT =
  /(?:https?:)?\\?\/\\?\/[a-z0-9][a-z0-9.-]*\.[a-z]{2,}(?::\d+)?(?:\\?\/(?:\\\/|[^\s'"`<>)\\,;])*)?/gi;
/** Where the URL leads: a script file or a known tag/pixel endpoint. */
const LOADABLE_PATH =
  /(?:\.m?js(?:[?#]|$)|\/gtag\/js|\/gtm\.js|\/analytics\.js|\/fbevents\.js|\/pixel|\/tr[/?]|\/collect[/?]|\/beacon|\/p\.gif|\/b\?|\.gif\?|\.png\?)/i;
/** What precedes it: the snippet assigns it to a src, creates an element or calls a loader. */
const LOADING_CONTEXT =
  /(?:\.src\s*=|\bsrc\s*:|["']src["']\s*[:,]|\bsetAttribute\(\s*["']src["']\s*,|new Image\b|createElement\(|\bimportScripts\(|\bimport\(|\bloadScript\w*\(|\bgetScript\(|\bsendBeacon\(|\binjectScript\w*\(|\bdocument\.write\()/i;
const CONTEXT_CHARS = 120;
const MAX_LOADS = 200;

export interface InlineLoad {
  readonly url: string;
}

/** URLs the given executable script text loads as scripts or pixels, first occurrence each. */
export function inlineLoadsOf(script: string): InlineLoad[] {
  const found = new Set<string>();
  for (const match of script.matchAll(URL_IN_SCRIPT)) {
    const raw = match[0].replace(/\\\//g, '/');
    const at = match.index ?? 0;
    const before = script.slice(Math.max(0, at - CONTEXT_CHARS), at);
    // A snippet's loader call sits just before the URL; a JSON object key ("url":, "sameAs":) does not load.
    if (!LOADABLE_PATH.test(raw) && !LOADING_CONTEXT.test(before)) continue;
    if (
      /["'](?:sameAs|url|href|link|logo|image|@id|mainEntityOfPage)["']\s*:\s*\[?\s*["']?$/i.test(
        before,
      )
    )
      continue;
    const url = raw.startsWith('//') ? `https:${raw}` : raw;
    found.add(url);
    if (found.size >= MAX_LOADS) break;
  }
  return [...found].map((url) => ({ url }));
}

/** Script types a browser executes (no type, a JavaScript MIME type or a module). */
export function isExecutableScriptType(type: string | undefined): boolean {
  if (type === undefined) return true;
  const value = type.trim().toLowerCase();
  return (
    value === '' ||
    value === 'module' ||
    value === 'text/javascript' ||
    value === 'application/javascript' ||
    value === 'text/ecmascript' ||
    value === 'application/ecmascript' ||
    value === 'text/jscript'
  );
}
