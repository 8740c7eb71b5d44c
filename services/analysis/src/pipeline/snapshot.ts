/** A fetched page: everything the pipeline reads, and nothing it would have to fetch. */
export interface PageSnapshot {
  /** The canonical URL asked for. */
  readonly requestedUrl: string;
  /** The URL that answered, after redirects. */
  readonly finalUrl: string;
  readonly status: number;
  /** Response headers, lower-case names. */
  readonly headers: Readonly<Record<string, string | readonly string[] | undefined>>;
  readonly html: string;
  /** The final hop used TLS… */
  readonly tls: boolean;
  /** …with a certificate chain and host name that verified. */
  readonly certificateValid: boolean;
  readonly redirects: number;
  /** Body size in bytes, as received (decompressed). */
  readonly bytes: number;
}

/** One header's value (the first when repeated), or null. */
export function headerOf(snapshot: PageSnapshot, name: string): string | null {
  const value = snapshot.headers[name];
  if (value === undefined) return null;
  if (typeof value === 'string') return value;
  return value[0] ?? null;
}

/** Every value of a header that may repeat (set-cookie). */
export function headerValues(snapshot: PageSnapshot, name: string): readonly string[] {
  const value = snapshot.headers[name];
  if (value === undefined) return [];
  return typeof value === 'string' ? [value] : value;
}
