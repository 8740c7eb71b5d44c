export interface ContentType {
  /** The lower-case MIME essence ("text/html"), or null without a usable header. */
  readonly mimeType: string | null;
  /** The declared charset parameter, lower-case, or null. */
  readonly charset: string | null;
}

export function parseContentType(header: string | undefined): ContentType {
  if (!header) return { mimeType: null, charset: null };
  const [essence = '', ...params] = header.split(';');
  const mimeType = /^[\w.+-]+\/[\w.+-]+$/.test(essence.trim())
    ? essence.trim().toLowerCase()
    : null;
  let charset: string | null = null;
  for (const param of params) {
    const [name = '', value = ''] = param.split('=');
    if (name.trim().toLowerCase() === 'charset')
      charset = unquote(value.trim()).toLowerCase() || null;
  }
  return { mimeType, charset };
}

/**
 * The encoding to read a body with, in the order browsers use: a byte-order mark, the
 * Content-Type charset, an HTML `<meta charset>` / XML declaration in the first 1024 bytes,
 * then UTF-8. Labels TextDecoder does not know fall through to the next source.
 */
export function detectEncoding(body: Buffer, contentTypeHeader: string | undefined): string {
  const bom = bomEncoding(body);
  if (bom) return bom;
  const declared = parseContentType(contentTypeHeader).charset;
  const fromHeader = declared ? knownEncoding(declared) : null;
  if (fromHeader) return fromHeader;
  const sniffed = sniffDeclaredCharset(body);
  const fromDocument = sniffed ? knownEncoding(sniffed) : null;
  // A document cannot declare itself UTF-16 from inside an ASCII-compatible prelude (HTML spec).
  if (fromDocument) return fromDocument.startsWith('utf-16') ? 'utf-8' : fromDocument;
  return 'utf-8';
}

export function decodeText(body: Buffer, contentTypeHeader: string | undefined): string {
  return new TextDecoder(detectEncoding(body, contentTypeHeader)).decode(body);
}

function bomEncoding(body: Buffer): string | null {
  if (body[0] === 0xef && body[1] === 0xbb && body[2] === 0xbf) return 'utf-8';
  if (body[0] === 0xfe && body[1] === 0xff) return 'utf-16be';
  if (body[0] === 0xff && body[1] === 0xfe) return 'utf-16le';
  return null;
}

function sniffDeclaredCharset(body: Buffer): string | null {
  const head = body.subarray(0, 1024).toString('latin1');
  const meta =
    /<meta[^>]+charset\s*=\s*["']?\s*([\w.:-]+)/i.exec(head) ??
    /<\?xml[^>]+encoding\s*=\s*["']([\w.:-]+)["']/i.exec(head);
  return meta?.[1] ?? null;
}

function knownEncoding(label: string): string | null {
  try {
    return new TextDecoder(label).encoding;
  } catch {
    return null;
  }
}

function unquote(value: string): string {
  return value.startsWith('"') && value.endsWith('"') ? value.slice(1, -1) : value;
}
