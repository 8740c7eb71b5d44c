/**
 * Text Frenly refuses to take in, anywhere: the NUL character (PostgreSQL `text` and `jsonb`
 * reject it, so a stored NUL fails the write with a 500, or worse, poisons a batch) and lone
 * UTF-16 surrogates (not Unicode: they cannot be encoded as UTF-8 for the database, logs or
 * other services). Everything else, control characters included, is left to each field's rules.
 */
// eslint-disable-next-line no-control-regex -- finding NUL is the point
const UNSTORABLE = /\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** Why `text` cannot be stored, or undefined when it can. */
export function unstorableTextReason(text: string): string | undefined {
  const found = UNSTORABLE.exec(text);
  if (!found) return undefined;
  return found[0] === '\u0000'
    ? 'contains a NUL character'
    : 'contains a lone surrogate (not valid Unicode)';
}

export interface UnstorableText {
  /** Where the text sits: `message`, `keys.auth`, `tags[2]`, or '' for the value itself. */
  readonly path: string;
  readonly reason: string;
}

/**
 * The first string in `value` (a request body, query or parameter; keys included) that cannot
 * be stored, or undefined. Walks without recursion, so that deep input cannot overflow it.
 */
export function findUnstorableText(value: unknown): UnstorableText | undefined {
  const pending: Array<[unknown, string]> = [[value, '']];
  for (let next = pending.pop(); next; next = pending.pop()) {
    const [current, path] = next;
    if (typeof current === 'string') {
      const reason = unstorableTextReason(current);
      if (reason) return { path, reason };
      continue;
    }
    if (current === null || typeof current !== 'object') continue;
    const isArray = Array.isArray(current);
    for (const [key, child] of Object.entries(current)) {
      const childPath = isArray ? `${path}[${key}]` : path ? `${path}.${key}` : key;
      const keyReason = isArray ? undefined : unstorableTextReason(key);
      if (keyReason) return { path: childPath, reason: `has a name that ${keyReason}` };
      pending.push([child, childPath]);
    }
  }
  return undefined;
}

// eslint-disable-next-line no-control-regex -- escaping NUL is the point
const SHOWN_ESCAPED = /[\u0000\ud800-\udfff]/g;

/** "request body field message contains a NUL character; …", for a 400's message. */
export function describeUnstorableText(found: UnstorableText, what: string): string {
  // The path may itself hold the offending character (a key): shown escaped.
  const path = found.path
    .slice(0, 100)
    .replace(SHOWN_ESCAPED, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
  return `${path ? `${what} field ${path}` : what} ${found.reason}; text must be valid Unicode without NUL characters`;
}
