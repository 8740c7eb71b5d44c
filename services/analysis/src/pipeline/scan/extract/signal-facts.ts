// Signals a page gives in its markup: ad slots (outermost visible element with an ad class/id)
// and attributes that cancel paste, copy, right-click or selection.
import type { ElementStates } from '../element-state.js';
import type { PageElement } from '@frenly/html';

const MAX_AD_SLOTS = 50;
const BLOCKING_EVENTS = [
  'onpaste',
  'oncopy',
  'oncut',
  'oncontextmenu',
  'onselectstart',
  'ondragstart',
] as const;
const BLOCKS_EVENT = /return\s+false|preventDefault/i;

/** The handler attributes of one element that cancel the event ("onpaste on <input>"). */
export function blockedEventsOf(element: PageElement): string[] {
  const blocked: string[] = [];
  addBlockedEvents(element, blocked);
  return blocked;
}

function addBlockedEvents(element: PageElement, blocked: string[]): void {
  for (const event of BLOCKING_EVENTS) {
    const handler = element.attribs[event];
    if (handler !== undefined && BLOCKS_EVENT.test(handler))
      blocked.push(`${event} on <${element.name}>`);
  }
}

/** Whether the element's own handler cancels `event` (one attribute read, no list built). */
export function cancelsEvent(
  element: PageElement,
  event: (typeof BLOCKING_EVENTS)[number],
): boolean {
  const handler = element.attribs[event];
  return handler !== undefined && BLOCKS_EVENT.test(handler);
}

/** Every element's blocked events, in document order (one list, not one per element). */
export function blockedInteractionsOf(elements: readonly PageElement[]): string[] {
  const blocked: string[] = [];
  for (const element of elements) addBlockedEvents(element, blocked);
  return blocked;
}

/** Visible elements whose own class/id says "ad", outermost only, described by tag, id and class. */
export function adSlotsOf(elements: readonly PageElement[], states: ElementStates): string[] {
  const slots: string[] = [];
  for (const element of elements) {
    if (slots.length >= MAX_AD_SLOTS) break;
    const state = states.get(element);
    if (!state || !state.ownHints.includes('ad') || state.hidden) continue;
    const parent = element.parent ? states.get(element.parent as PageElement) : undefined;
    if (parent?.hints.includes('ad')) continue;
    const { id, class: className } = element.attribs;
    slots.push(
      `<${element.name}${id ? ` id="${id}"` : ''}${className ? ` class="${className.slice(0, 60)}"` : ''}>`,
    );
  }
  return slots;
}
