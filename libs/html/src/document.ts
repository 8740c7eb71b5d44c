// One parse of a page into htmlparser2's DOM, shared by everything that reads the page: the
// analyzer's fact extraction walks it (walkDocument), and other readers (the crawler's page
// extraction, DomUtils queries) can take the same tree instead of parsing the bytes again.
import { DomUtils, ElementType, parseDocument } from 'htmlparser2';
import type { PageElement } from './elements.js';

export type HtmlDocument = ReturnType<typeof parseDocument>;

/** The options every reader uses, so that one parse serves them all. */
export const PARSE_OPTIONS = {
  decodeEntities: true,
  lowerCaseTags: true,
  lowerCaseAttributeNames: true,
  recognizeSelfClosing: false,
} as const;

export function parseHtml(html: string): HtmlDocument {
  return parseDocument(html, PARSE_OPTIONS);
}

/** What a walk reports, in document order: the same events a streaming parser would give. */
export interface DocumentVisitor {
  /** `element`: the node itself, for readers that keep per-element state (hidden.ts, the analyzer's element states). */
  onopentag(tag: string, attribs: Record<string, string>, element: PageElement): void;
  ontext(data: string): void;
  onclosetag(tag: string): void;
}

/** The node shapes the walk reads (domhandler's Element, Text and CDATA), by their `type`. */
interface WalkNode {
  readonly type: string;
  readonly data?: string;
  readonly name?: string;
  readonly attribs?: Record<string, string>;
  readonly children?: readonly WalkNode[];
}

/** Visits every element and text node in document order, without recursion (pages nest deeply). */
export function walkDocument(document: HtmlDocument, visitor: DocumentVisitor): void {
  // Two parallel stacks, not an object per node: a node to visit, and whether that visit
  // closes an element already entered (a page has hundreds of thousands of nodes).
  const nodes: WalkNode[] = [];
  const closing: boolean[] = [];
  const pushChildren = (children: readonly WalkNode[]): void => {
    for (let i = children.length - 1; i >= 0; i--) {
      nodes.push(children[i]!);
      closing.push(false);
    }
  };
  pushChildren(document.children);
  while (nodes.length > 0) {
    const node = nodes.pop()!;
    const close = closing.pop()!;
    if (node.type === 'text') {
      visitor.ontext(node.data ?? '');
    } else if (ElementType.isTag(node as { type: ElementType.ElementType })) {
      if (close) {
        visitor.onclosetag(node.name ?? '');
      } else {
        visitor.onopentag(node.name ?? '', node.attribs ?? {}, node as unknown as PageElement);
        nodes.push(node);
        closing.push(true);
        pushChildren(node.children ?? []);
      }
    } else if (node.type === 'cdata') {
      // CDATA sections hold text (in SVG/MathML); comments, directives and processing instructions say nothing.
      pushChildren(node.children ?? []);
    }
  }
}

/** The text of the page's <style> elements, read from the tree before the main walk. */
export function styleTextOf(document: HtmlDocument): string {
  return DomUtils.getElementsByTagName('style', document, true)
    .map((style) => DomUtils.textContent(style))
    .join('\n');
}
