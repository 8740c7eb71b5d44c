// Every element of a parsed page in document order: the input of the tree extractors.
import { DomUtils } from 'htmlparser2';
import type { HtmlDocument } from './document.js';

export type PageElement = ReturnType<typeof DomUtils.findAll>[number];

export function elementsOf(document: HtmlDocument): PageElement[] {
  return DomUtils.findAll(() => true, document.children);
}

/** Whether an ancestor of `element` is a `tag` element. */
export function isInside(element: PageElement, tag: string): boolean {
  for (let node = element.parent; node; node = node.parent) {
    if ('name' in node && node.name === tag) return true;
  }
  return false;
}
