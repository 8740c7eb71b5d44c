/** Minimal cookie reading and writing (RFC 6265), for the few cookies the gateway sets. */

export function readCookie(
  header: string | string[] | undefined,
  name: string,
): string | undefined {
  const text = Array.isArray(header) ? header.join('; ') : header;
  if (!text) return undefined;
  for (const part of text.split(';')) {
    const index = part.indexOf('=');
    if (index < 0) continue;
    if (part.slice(0, index).trim() === name) return part.slice(index + 1).trim() || undefined;
  }
  return undefined;
}

export interface CookieAttributes {
  readonly maxAgeSeconds: number;
  readonly path: string;
  readonly secure: boolean;
  readonly sameSite?: 'Lax' | 'Strict';
}

/** `name=value` with HttpOnly and SameSite=Lax always; Max-Age 0 deletes. Values must be cookie-safe. */
export function serializeCookie(name: string, value: string, attributes: CookieAttributes): string {
  if (!/^[A-Za-z0-9_-]*$/.test(value)) throw new Error('cookie values must be base64url');
  const parts = [
    `${name}=${value}`,
    `Path=${attributes.path}`,
    `Max-Age=${Math.max(0, Math.floor(attributes.maxAgeSeconds))}`,
    'HttpOnly',
    `SameSite=${attributes.sameSite ?? 'Lax'}`,
  ];
  if (attributes.secure) parts.push('Secure');
  return parts.join('; ');
}

export function expiredCookie(name: string, path: string, secure: boolean): string {
  return serializeCookie(name, '', { maxAgeSeconds: 0, path, secure });
}
