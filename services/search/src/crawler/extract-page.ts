import {
  hiddenStateOf,
  hidingRulesOf,
  parseHtml,
  styleTextOf,
  walkDocument,
  type HiddenState,
} from '@frenly/html';
import { detectLanguage } from './detect-language.js';

/** What the crawler keeps of an HTML page. */
export interface ExtractedPage {
  title: string;
  description: string;
  /** Main text, whitespace collapsed, at most `maxTextChars`. */
  text: string;
  /** Absolute http(s) links without fragments, in document order, deduplicated (rel=nofollow left out). */
  links: string[];
  /** <link rel="canonical">, resolved; undefined when absent or not http(s). */
  canonical: string | undefined;
  /** Primary language subtag ("en"), from <html lang> or guessed from the text. */
  language: string | null;
  /** <meta name="robots"> (or our own name) says noindex / nofollow. */
  noindex: boolean;
  nofollow: boolean;
}

// Their text is not content: code, styling, navigation and page chrome.
const SKIPPED = new Set([
  'script',
  'style',
  'noscript',
  'template',
  'svg',
  'math',
  'nav',
  'header',
  'footer',
  'aside',
  'form',
  'iframe',
  'select',
  'button',
  'canvas',
  'object',
]);
// Elements whose content is "the" content when a page marks it.
const MAIN = new Set(['main', 'article']);
// Block-level elements: their edges separate words.
const HEADING = /^h[1-6]$/;
/** Stands for the full stop that ends a heading, put right after its last word when the text is collapsed. */
const HEADING_STOP = '\uE002';
const BLOCK =
  /^(p|div|br|li|ul|ol|h[1-6]|section|tr|td|th|table|dd|dt|blockquote|pre|hr|figcaption|main|article|title)$/;
const VOID = new Set([
  'area',
  'base',
  'br',
  'col',
  'embed',
  'hr',
  'img',
  'input',
  'link',
  'meta',
  'source',
  'track',
  'wbr',
]);

/**
 * Extracts title, meta description, main text, links, language, canonical URL and robots
 * directives from an HTML document fetched from `pageUrl`. Never throws on bad HTML.
 */
export function extractPage(
  html: string,
  pageUrl: string,
  options: { maxTextChars: number; robotsName?: string },
): ExtractedPage {
  const robotsNames = new Set(['robots', (options.robotsName ?? 'frenlybot').toLowerCase()]);
  let skipDepth = 0;
  let mainDepth = 0;
  let inTitle = false;
  let title = '';
  let baseHref: string | undefined;
  let canonicalHref: string | undefined;
  let htmlLang: string | undefined;
  const meta: Record<string, string> = {};
  const rawLinks: string[] = [];
  const allText: string[] = [];
  /** The last text pushed that was not blank: whether a heading already ends in punctuation. */
  let lastText = '';
  const mainText: string[] = [];
  let noindex = false;
  let nofollow = false;

  // One parse into the DOM shared with the analyzer (@frenly/html), and its hidden-ness: text the
  // page keeps hidden (display:none, hidden, aria-hidden, <noscript>, <template>, its CSS…) is
  // not indexed as page text. The walk reports balanced open/close events, so a stack suffices.
  const document = parseHtml(html);
  const rules = hidingRulesOf(styleTextOf(document));
  const hiddenStack: HiddenState[] = [];
  walkDocument(document, {
    onopentag(name, attributes, element) {
      hiddenStack.push(hiddenStateOf(element, hiddenStack[hiddenStack.length - 1], rules));
      if (SKIPPED.has(name) && !VOID.has(name)) skipDepth += 1;
      if (MAIN.has(name)) mainDepth += 1;
      if (name === 'title' && title === '') inTitle = true;
      if (BLOCK.test(name)) pushText(' ');
      switch (name) {
        case 'html':
          htmlLang ??= attributes.lang ?? attributes['xml:lang'];
          break;
        case 'base':
          baseHref ??= attributes.href;
          break;
        case 'link':
          if (hasToken(attributes.rel, 'canonical') && attributes.href)
            canonicalHref ??= attributes.href;
          break;
        case 'meta': {
          const key = (attributes.name ?? attributes.property ?? '').toLowerCase();
          const content = attributes.content ?? '';
          if (key && !(key in meta)) meta[key] = content;
          if (robotsNames.has(key)) {
            const directives = content.toLowerCase();
            noindex ||= /\b(noindex|none)\b/.test(directives);
            nofollow ||= /\b(nofollow|none)\b/.test(directives);
          }
          break;
        }
        case 'a':
          if (attributes.href && !hasToken(attributes.rel, 'nofollow'))
            rawLinks.push(attributes.href);
          break;
        default:
          break;
      }
    },
    ontext(text) {
      if (inTitle) {
        title += text;
        return;
      }
      if (skipDepth === 0 && !(hiddenStack[hiddenStack.length - 1]?.hidden ?? false))
        pushText(text);
    },
    onclosetag(name) {
      hiddenStack.pop();
      if (VOID.has(name)) return;
      if (SKIPPED.has(name)) skipDepth = Math.max(0, skipDepth - 1);
      if (MAIN.has(name)) mainDepth = Math.max(0, mainDepth - 1);
      if (name === 'title') inTitle = false;
      // A heading ends like a sentence, so that a snippet or description running on from it
      // reads "Bread in a pan. A quick bread…", not "Bread in a pan A quick bread…".
      if (HEADING.test(name) && /[^\s.!?:;…\uE002]$/.test(lastText)) pushText(HEADING_STOP);
      if (BLOCK.test(name)) pushText(' ');
    },
  });

  function pushText(text: string): void {
    allText.push(text);
    if (mainDepth > 0) mainText.push(text);
    if (text.trim() !== '') lastText = text.trimEnd();
  }

  const base = resolve(baseHref, pageUrl) ?? pageUrl;
  const main = collapse(mainText.join(''));
  const text = (main.length >= 200 ? main : collapse(allText.join('')))
    .slice(0, options.maxTextChars)
    .trim();
  const description =
    collapse(meta.description ?? meta['og:description'] ?? '') ||
    (text.length > 200 ? text.slice(0, 200).replace(/\s\S*$/, '') : text);
  return {
    title: collapse(title) || collapse(meta['og:title'] ?? ''),
    description: description.slice(0, 500),
    text,
    links: [
      ...new Set(
        rawLinks
          .map((href) => resolve(href, base))
          .filter((url): url is string => url !== undefined),
      ),
    ],
    canonical: resolve(canonicalHref, base),
    language: primaryLanguage(htmlLang) ?? detectLanguage(text),
    noindex,
    nofollow,
  };
}

function resolve(href: string | undefined, base: string): string | undefined {
  if (!href) return undefined;
  try {
    const url = new URL(href.trim(), base);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return undefined;
    url.hash = '';
    return url.href;
  } catch {
    return undefined;
  }
}

function hasToken(list: string | undefined, token: string): boolean {
  return (list ?? '').toLowerCase().split(/\s+/).includes(token);
}

function collapse(text: string): string {
  return text
    .replace(/\s*\uE002/g, '.')
    .replace(/\s+/g, ' ')
    .trim();
}

function primaryLanguage(tag: string | undefined): string | null {
  const primary = tag?.trim().toLowerCase().split(/[-_]/)[0];
  return primary && /^[a-z]{2,3}$/.test(primary) ? primary : null;
}
