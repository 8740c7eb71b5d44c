/** The screens, each its own chunk (route-level code splitting, see screens.ts). */
export type ScreenName =
  'searchHome' | 'searchResults' | 'browser' | 'analysis' | 'landing' | 'dashboard' | 'scores';

/**
 * The screen(s) an address may show first, before the authentication check has answered:
 * `?q=` wins everywhere; `/`, `/dashboard` and unknown paths depend on the answer, so both
 * candidates are listed (spec §2 and routes.tsx).
 */
export function firstScreensFor(pathname: string, search: string): ScreenName[] {
  if ((new URLSearchParams(search).get('q') ?? '').trim()) return ['searchResults'];
  switch (pathname.replace(/\/+$/, '') || '/') {
    case '/search':
      return ['searchHome'];
    case '/browser':
      return ['browser'];
    case '/analysis':
      return ['analysis'];
    case '/home':
      return ['landing'];
    case '/scores':
      return ['scores'];
    case '/dashboard':
      return ['dashboard', 'landing'];
    default:
      return ['searchHome', 'landing'];
  }
}
