// Which kind of resource a <link rel=preload|prefetch|modulepreload> fetches.
import type { ResourceFact } from './page-facts.js';

/** What a <link rel=preload|prefetch> fetches, by its `as` attribute. */
export function preloadKind(rel: readonly string[], as: string | undefined): ResourceFact['kind'] {
  if (rel.includes('modulepreload')) return 'script';
  switch ((as ?? '').toLowerCase()) {
    case 'script':
      return 'script';
    case 'image':
      return 'img';
    case 'style':
      return 'stylesheet';
    case 'document':
      return 'iframe';
    default:
      return 'preload';
  }
}
