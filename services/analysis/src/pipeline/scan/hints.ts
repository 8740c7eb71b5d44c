// What an element is for, read from its class and id words ("cookie-banner" → cookie,
// "countdownTimer" → countdown). Tokens are whole words of the class/id (split on -, _, camelCase).
import type { Hint } from './page-facts.js';

/** Which class/id words mean what. Tokens are whole words of the class/id (split on -, _, camelCase). */
export function hintOf(token: string): Hint | undefined {
  if (token === 'countdown' || token === 'timer' || token === 'countdowntimer') return 'countdown';
  if (/^(modal|popup|overlay|interstitial|lightbox|dialog|popover)s?$/.test(token)) return 'modal';
  if (
    /^(cookie|cookies|consent|gdpr|cmp\d*|onetrust|cookiebot|didomi|usercentrics|truste|trustarc|quantcast|iubenda|osano|termly|klaro|cookielaw|cookieconsent)$/.test(
      token,
    )
  )
    return 'cookie';
  if (/^(newsletter|subscribe|optin|signup|leadgen|emailcapture)$/.test(token)) return 'newsletter';
  if (/^(paywall|regwall|registrationwall|meter|metered)$/.test(token)) return 'paywall';
  if (
    /^(ad|ads|advert|adverts|advertisement|advertising|adsbygoogle|adslot|adunit|adcontainer|adsense|dfp|sponsored)$/.test(
      token,
    )
  )
    return 'ad';
  if (/^(stock|lowstock|scarcity|urgency|inventory)$/.test(token)) return 'stock';
  if (/^(fomo|socialproof|salespop|recentsales|livevisitors)$/.test(token)) return 'social-proof';
  return undefined;
}

export function hintsOf(attribs: Record<string, string>): Hint[] {
  const source = `${attribs.class ?? ''} ${attribs.id ?? ''}`;
  if (source.trim() === '') return [];
  const tokens = source
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .split(/[^a-z0-9]+/);
  const found: Hint[] = [];
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i] ?? '';
    if (token === '') continue;
    const hint =
      hintOf(token) ??
      (token === 'count' && tokens[i + 1] === 'down' ? 'countdown' : undefined) ??
      (token === 'pop' && tokens[i + 1] === 'up' ? 'modal' : undefined);
    if (hint && !found.includes(hint)) found.push(hint);
  }
  // "social-proof", "sales-pop", "low-stock", "recent-sales", "opt-in", "sign-up": hyphenated pairs.
  const joined = tokens.join('');
  for (const [needle, hint] of [
    ['socialproof', 'social-proof'],
    ['salespop', 'social-proof'],
    ['recentsales', 'social-proof'],
    ['lowstock', 'stock'],
    ['adslot', 'ad'],
    ['adunit', 'ad'],
  ] as const) {
    if (joined.includes(needle) && !found.includes(hint)) found.push(hint);
  }
  return found;
}
