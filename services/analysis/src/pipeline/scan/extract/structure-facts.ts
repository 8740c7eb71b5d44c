// Document structure that assistive technology depends on: unique ids, tab order, moving text.

import type { PageElement } from '@frenly/html';

const MAX_DUPLICATE_IDS = 50;

export interface StructureFacts {
  readonly duplicateIds: readonly string[];
  readonly positiveTabindex: readonly { readonly tag: string; readonly value: number }[];
  readonly marqueeOrBlink: number;
}

export function structureFactsOf(elements: readonly PageElement[]): StructureFacts {
  const idCounts = new Map<string, number>();
  const positiveTabindex: { tag: string; value: number }[] = [];
  let marqueeOrBlink = 0;
  for (const element of elements) {
    const { id, tabindex } = element.attribs;
    if (id !== undefined && id !== '') idCounts.set(id, (idCounts.get(id) ?? 0) + 1);
    if (tabindex !== undefined) {
      const value = Number(tabindex);
      if (Number.isInteger(value) && value > 0) positiveTabindex.push({ tag: element.name, value });
    }
    if (element.name === 'marquee' || element.name === 'blink') marqueeOrBlink++;
  }
  const duplicateIds = [...idCounts]
    .filter(([, count]) => count > 1)
    .map(([id]) => id)
    .slice(0, MAX_DUPLICATE_IDS);
  return { duplicateIds, positiveTabindex, marqueeOrBlink };
}
