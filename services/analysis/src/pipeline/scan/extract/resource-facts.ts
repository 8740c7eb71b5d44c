// What the page would fetch, and the code and styles written into it: script elements, inline
// script and style text, and every resource in document order (inline snippets' loads last).
// <noscript> content is never loaded by a browser that runs the page's scripts.
import { ElementType } from 'htmlparser2';
import { inlineLoadsOf, isExecutableScriptType } from '../inline-loads.js';
import type { ResourceFact, ScriptFact } from '../page-facts.js';
import { preloadKind } from '../preload-kind.js';
import { isInside, type PageElement } from '@frenly/html';

export const MAX_INLINE_SCRIPT_CHARS = 300_000;
const MAX_INLINE_STYLE_CHARS = 200_000;
const MAX_RESOURCES = 2_000;
const NOT_FETCHED = /^(data|blob|javascript|about|mailto|tel):/i;

export interface ResourceFacts {
  readonly scripts: readonly ScriptFact[];
  /** Executable inline script text (not JSON data, not inside <noscript>), capped. */
  readonly inlineScript: string;
  /** Inline <style> text, capped. */
  readonly inlineStyle: string;
  readonly resources: readonly ResourceFact[];
}

export function resourceFactsOf(elements: readonly PageElement[]): ResourceFacts {
  const scripts: ScriptFact[] = [];
  const resources: ResourceFact[] = [];
  let inlineScript = '';
  let inlineStyle = '';

  const add = (element: PageElement, kind: ResourceFact['kind'], url: string | undefined): void => {
    if (!url || resources.length >= MAX_RESOURCES) return;
    const trimmed = url.trim();
    if (trimmed === '' || NOT_FETCHED.test(trimmed) || trimmed.startsWith('#')) return;
    if (isInside(element, 'noscript')) return;
    resources.push({ kind, url: trimmed });
  };

  for (const element of elements) {
    const attribs = element.attribs;
    switch (element.name) {
      case 'link': {
        const rel = (attribs.rel ?? '').toLowerCase().split(/\s+/);
        if (rel.includes('stylesheet')) add(element, 'stylesheet', attribs.href);
        if (rel.includes('preload') || rel.includes('prefetch') || rel.includes('modulepreload'))
          add(element, preloadKind(rel, attribs.as), attribs.href);
        if (rel.includes('preconnect') || rel.includes('dns-prefetch'))
          add(element, 'preconnect', attribs.href);
        break;
      }
      case 'script': {
        const src = attribs.src ?? null;
        scripts.push({
          src,
          integrity: attribs.integrity !== undefined && attribs.integrity !== '',
          type: attribs.type ?? null,
        });
        if (src) add(element, 'script', src);
        // JSON data (ld+json, application/json, templates) is not code: URLs in it load nothing.
        if (
          isExecutableScriptType(attribs.type) &&
          !isInside(element, 'noscript') &&
          inlineScript.length < MAX_INLINE_SCRIPT_CHARS
        )
          inlineScript += ownText(element);
        break;
      }
      case 'style':
        if (inlineStyle.length < MAX_INLINE_STYLE_CHARS) inlineStyle += ownText(element);
        break;
      case 'img':
        add(element, 'img', attribs.src);
        break;
      case 'form':
        add(element, 'form', attribs.action);
        break;
      case 'iframe':
        add(element, 'iframe', attribs.src);
        break;
      case 'video':
      case 'audio':
        add(element, 'media', attribs.src);
        break;
      case 'source': {
        const parent = element.parent;
        if (parent && 'name' in parent && (parent.name === 'video' || parent.name === 'audio'))
          add(element, 'media', attribs.src);
        break;
      }
      default:
        break;
    }
  }
  const loads = inlineLoadsOf(inlineScript).map((load) => ({
    kind: 'inline-script' as const,
    url: load.url,
  }));
  return { scripts, inlineScript, inlineStyle, resources: [...resources, ...loads] };
}

/** The text directly inside an element (a script's or style's source). */
function ownText(element: PageElement): string {
  let text = '';
  for (const child of element.children) if (child.type === ElementType.Text) text += child.data;
  return text;
}
