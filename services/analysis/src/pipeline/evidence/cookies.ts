import { headerOf, headerValues, type PageSnapshot } from '../snapshot.js';

export interface CookieFact {
  readonly name: string;
  readonly secure: boolean;
  readonly httpOnly: boolean;
  readonly sameSite: string | null;
  /** Outlives the browser session by more than a day. */
  readonly persistent: boolean;
}

const DAY_SECONDS = 86_400;

/** The cookies the page's response sets. Expiry is judged against the response's Date header, so the result is reproducible. */
export function cookiesOf(snapshot: PageSnapshot): CookieFact[] {
  const responseDate = Date.parse(headerOf(snapshot, 'date') ?? '');
  return headerValues(snapshot, 'set-cookie').map((line) => {
    const [pair = '', ...attributes] = line.split(';');
    const name = pair.split('=')[0]?.trim() ?? '';
    let secure = false;
    let httpOnly = false;
    let sameSite: string | null = null;
    let maxAge: number | null = null;
    let expires: number | null = null;
    for (const attribute of attributes) {
      const [key = '', ...rest] = attribute.split('=');
      const value = rest.join('=').trim();
      switch (key.trim().toLowerCase()) {
        case 'secure':
          secure = true;
          break;
        case 'httponly':
          httpOnly = true;
          break;
        case 'samesite':
          sameSite = value.toLowerCase() || null;
          break;
        case 'max-age':
          maxAge = Number(value);
          break;
        case 'expires':
          expires = Date.parse(value);
          break;
        default:
          break;
      }
    }
    const persistent =
      maxAge !== null && Number.isFinite(maxAge)
        ? maxAge > DAY_SECONDS
        : expires !== null && Number.isFinite(expires)
          ? Number.isFinite(responseDate)
            ? expires - responseDate > DAY_SECONDS * 1000
            : true
          : false;
    return { name, secure, httpOnly, sameSite, persistent };
  });
}
