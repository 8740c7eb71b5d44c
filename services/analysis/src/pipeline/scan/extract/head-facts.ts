// The page's own description of itself: language, title, meta tags, favicon.
import { DomUtils } from 'htmlparser2';
import { normalise } from '../text-measure.js';
import { isInside, type PageElement } from '@frenly/html';

const MAX_TITLE_CHARS = 300;

export interface HeadFacts {
  readonly lang: string | null;
  readonly title: string | null;
  readonly metaDescription: string | null;
  readonly ogTitle: string | null;
  readonly ogDescription: string | null;
  readonly viewport: string | null;
  readonly metaRefresh: string | null;
  readonly metaReferrer: string | null;
  readonly metaCsp: string | null;
  readonly hasFavicon: boolean;
  readonly bodyAriaHidden: boolean;
}

/** First description/og tags win; the last viewport, referrer, refresh and CSP tags win (as browsers apply them). */
export function headFactsOf(elements: readonly PageElement[]): HeadFacts {
  let lang: string | null = null;
  let title: string | null = null;
  let metaDescription: string | null = null;
  let ogTitle: string | null = null;
  let ogDescription: string | null = null;
  let viewport: string | null = null;
  let metaRefresh: string | null = null;
  let metaReferrer: string | null = null;
  let metaCsp: string | null = null;
  let hasFavicon = false;
  let bodyAriaHidden = false;
  for (const element of elements) {
    const attribs = element.attribs;
    switch (element.name) {
      case 'html':
        if (attribs.lang !== undefined) lang = attribs.lang.trim();
        break;
      case 'body':
        bodyAriaHidden = attribs['aria-hidden'] === 'true';
        break;
      case 'title':
        // An SVG's <title> names a drawing, not the page.
        if (title === null && !isInside(element, 'svg'))
          title = normalise(DomUtils.textContent(element)).slice(0, MAX_TITLE_CHARS);
        break;
      case 'meta': {
        const name = (attribs.name ?? '').toLowerCase();
        const property = (attribs.property ?? '').toLowerCase();
        const equiv = (attribs['http-equiv'] ?? '').toLowerCase();
        const content = attribs.content ?? '';
        if (name === 'description' && metaDescription === null)
          metaDescription = normalise(content);
        if (property === 'og:title' && ogTitle === null) ogTitle = normalise(content);
        if (property === 'og:description' && ogDescription === null)
          ogDescription = normalise(content);
        if (name === 'viewport') viewport = content;
        if (name === 'referrer') metaReferrer = content.trim().toLowerCase();
        if (equiv === 'refresh') metaRefresh = content;
        if (equiv === 'content-security-policy') metaCsp = content;
        break;
      }
      case 'link': {
        const rel = (attribs.rel ?? '').toLowerCase().split(/\s+/);
        if (rel.includes('icon') || rel.includes('apple-touch-icon')) hasFavicon = true;
        break;
      }
      default:
        break;
    }
  }
  return {
    lang,
    title,
    metaDescription,
    ogTitle,
    ogDescription,
    viewport,
    metaRefresh,
    metaReferrer,
    metaCsp,
    hasFavicon,
    bodyAriaHidden,
  };
}
