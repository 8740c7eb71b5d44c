// The page's facts from one parse (@frenly/html). Facts about single elements come from
// small extractors over the tree (extract/*.ts); this file is the text walk: a stack mirrors the
// open elements so that every piece of text knows whether it is visible (element-state.ts,
// decided once per element), which block it belongs to and what its ancestors are for, and names
// (links, buttons, labels, headings), dialogs, checkboxes and countdowns gather their text.
import { Collector } from './collector.js';
import { elementStatesOf, stateOf, type ElementState } from './element-state.js';
import { formsOf, iframesOf, imagesOf, landmarksOf, mediaOf } from './extract/element-facts.js';
import { DomUtils } from 'htmlparser2';
import {
  elementsOf,
  parseHtml,
  walkDocument,
  type DocumentVisitor,
  type HtmlDocument,
  hasShownStateClass,
  hidingRulesOf,
  isShownByStyle,
} from '@frenly/html';
import { adSlotsOf, blockedInteractionsOf, cancelsEvent } from './extract/signal-facts.js';
import { headFactsOf } from './extract/head-facts.js';
import { resourceFactsOf } from './extract/resource-facts.js';
import { structureFactsOf } from './extract/structure-facts.js';
import { countWords, normalise } from './text-measure.js';
import type {
  ButtonFact,
  CheckboxFact,
  ControlFact,
  DialogFact,
  HeadingFact,
  Hint,
  LinkFact,
  PageFacts,
  TextSegment,
} from './page-facts.js';

const MAX_SEGMENTS = 20_000;
const MAX_SEGMENT_CHARS = 4_000;
const MAX_COLLECTED_CHARS = 400;
const MAX_DIALOG_CHARS = 1_500;

const BLOCK_TAGS = new Set([
  'address',
  'article',
  'aside',
  'blockquote',
  'body',
  'br',
  'button',
  'caption',
  'dd',
  'details',
  'dialog',
  'div',
  'dl',
  'dt',
  'fieldset',
  'figcaption',
  'figure',
  'footer',
  'form',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'header',
  'hr',
  'html',
  'input',
  'label',
  'legend',
  'li',
  'main',
  'nav',
  'ol',
  'p',
  'pre',
  'section',
  'summary',
  'table',
  'tbody',
  'td',
  'tfoot',
  'th',
  'thead',
  'tr',
  'ul',
  'menu',
  'center',
]);
const UNLABELLED_INPUT_TYPES = new Set(['hidden', 'submit', 'button', 'reset', 'image']);
const BUTTON_INPUT_TYPES = new Set(['submit', 'button', 'reset', 'image']);
const DIALOG_CONTAINERS = new Set([
  'div',
  'section',
  'aside',
  'form',
  'dialog',
  'footer',
  'article',
]);

/** One open element: its state (element-state.ts, shared, never copied) and what the walk gathers for it. */
interface Frame {
  readonly tag: string;
  readonly state: ElementState;
  dialog: DialogBuilder | undefined;
  /** Made on the first collector: most elements gather nothing of their own. */
  collectors: Collector[] | undefined;
  onClose?: () => void;
}

/** The hints of a segment outside any hinted element (most of them): one shared empty list. */
const NO_HINTS: readonly Hint[] = Object.freeze([]);

interface DialogBuilder {
  signal: string;
  hints: readonly Hint[];
  visibleAtLoad: boolean;
  shownByMarkup: boolean;
  collector: Collector;
  hasEmailInput: boolean;
  buttons: string[];
}

interface PendingControl {
  fact: Omit<ControlFact, 'label'>;
  wrappingLabel: Collector | undefined;
  ownLabel: string | null;
  placeholder: string | null;
}

interface PendingCheckbox {
  checked: boolean;
  hidden: boolean;
  id: string | null;
  wrappingLabel: Collector | undefined;
  ownLabel: string | null;
  /** The visible text that follows the box within its parent element. */
  nearby: Collector;
}

/** Parses `html` once and reads its facts. Deterministic: the same text always gives the same facts. */
export function scanPage(html: string): PageFacts {
  return scanDocument(parseHtml(html), html.length);
}

/** Reads the facts of an already parsed page (`htmlChars`: the length of its source text). */
export function scanDocument(document: HtmlDocument, htmlChars: number): PageFacts {
  // Facts read straight from the tree by small extractors (extract/*.ts); the walk below reads
  // the ones that depend on visibility and on the open elements around each piece of text.
  const elements = elementsOf(document);
  // The page's <style> text (as styleTextOf reads it), from the element list: no second traversal.
  const hidingRules = hidingRulesOf(
    elements
      .filter((element) => element.name === 'style')
      .map((style) => DomUtils.textContent(style))
      .join('\n'),
  );
  const states = elementStatesOf(elements, hidingRules);
  const structure = structureFactsOf(elements);
  const stack: Frame[] = [];
  const activeCollectors: Collector[] = [];

  const links: LinkFact[] = [];
  const buttons: ButtonFact[] = [];
  const pendingControls: PendingControl[] = [];
  const pendingCheckboxes: PendingCheckbox[] = [];
  let formsSeen = 0;
  const headings: HeadingFact[] = [];
  const labelFor = new Map<string, Collector>();
  const dialogs: DialogBuilder[] = [];
  const segments: TextSegment[] = [];
  const countdowns: Collector[] = [];
  let visibleChars = 0;
  let words = 0;
  let formIndex = -1;
  let openLabel: Collector | undefined;

  // The block of text being gathered.
  let segmentParts: string[] = [];
  let segmentLength = 0;
  let segmentContainer = 'body';
  let segmentChrome = false;
  let segmentTiny = false;
  const segmentHints = new Set<Hint>();

  const top = (): Frame | undefined => stack[stack.length - 1];

  const flushSegment = (): void => {
    if (segmentParts.length === 0) return;
    const text = normalise(segmentParts.length === 1 ? segmentParts[0]! : segmentParts.join(''));
    // A new list, not `length = 0` (a runtime call per segment in the profile).
    segmentParts = [];
    segmentLength = 0;
    if (text === '' || segments.length >= MAX_SEGMENTS) {
      segmentHints.clear();
      return;
    }
    const count = countWords(text);
    visibleChars += text.length;
    words += count;
    segments.push({
      text: text.slice(0, MAX_SEGMENT_CHARS),
      words: count,
      container: segmentContainer,
      inChrome: segmentChrome,
      hints: segmentHints.size === 0 ? NO_HINTS : [...segmentHints],
      tiny: segmentTiny,
    });
    segmentHints.clear();
  };

  const innermostBlock = (): string => {
    for (let i = stack.length - 1; i >= 0; i--) {
      const tag = stack[i]?.tag ?? '';
      if (BLOCK_TAGS.has(tag)) return tag;
    }
    return 'body';
  };

  const visitor: DocumentVisitor = {
    onopentag(tag, attribs, element) {
      const parent = top();
      if (BLOCK_TAGS.has(tag)) flushSegment();
      for (const collector of activeCollectors) collector.markBoundary();
      // Hidden-ness and the rest of the element's state were decided once (element-state.ts).
      const state = states.get(element) ?? stateOf(element, undefined, hidingRules);
      const { role, ownHints, hints, hidden, atHidden } = state;
      const frame: Frame = { tag, state, dialog: parent?.dialog, collectors: undefined };

      // Dialog-like containers: the outermost one counts.
      const isDialog =
        !frame.dialog &&
        (role === 'dialog' ||
          role === 'alertdialog' ||
          attribs['aria-modal'] === 'true' ||
          tag === 'dialog' ||
          (DIALOG_CONTAINERS.has(tag) &&
            (ownHints.includes('modal') ||
              ownHints.includes('cookie') ||
              ownHints.includes('paywall'))));
      if (isDialog) {
        const builder: DialogBuilder = {
          signal:
            role === 'dialog' || role === 'alertdialog'
              ? `role=${role}`
              : attribs['aria-modal'] === 'true'
                ? 'aria-modal'
                : tag === 'dialog'
                  ? '<dialog>'
                  : `class/id hint (${ownHints.join(', ')})`,
          hints,
          visibleAtLoad: !hidden && !atHidden,
          shownByMarkup:
            (tag === 'dialog' && attribs.open !== undefined) ||
            isShownByStyle(attribs.style) ||
            hasShownStateClass(attribs.class),
          collector: new Collector(MAX_DIALOG_CHARS, hidden),
          hasEmailInput: false,
          buttons: [],
        };
        dialogs.push(builder);
        frame.dialog = builder;
        (frame.collectors ??= []).push(builder.collector);
      }
      if (
        ownHints.includes('countdown') &&
        !hidden &&
        !(parent?.state.hints.includes('countdown') ?? false)
      ) {
        const collector = new Collector(200);
        countdowns.push(collector);
        (frame.collectors ??= []).push(collector);
      }

      switch (tag) {
        case 'img': {
          const alt = attribs.alt === undefined ? null : normalise(attribs.alt);
          // An image's alt names the link or button it sits in.
          if (alt) for (const collector of activeCollectors) collector.add(` ${alt} `);
          break;
        }
        case 'a': {
          const collector = new Collector(MAX_COLLECTED_CHARS, hidden, true);
          (frame.collectors ??= []).push(collector);
          const href = attribs.href ?? null;
          const aria = attribs['aria-label'];
          const titleAttr = attribs.title;
          frame.onClose = () => {
            const name =
              normalise(aria ?? '') ||
              collector.text() ||
              normalise(titleAttr ?? '') ||
              (attribs['aria-labelledby'] ? '(aria-labelledby)' : '');
            links.push({ href, name, hidden: atHidden });
            if (role === 'button')
              buttons.push({ name, hidden: atHidden, inDialog: frame.dialog !== undefined });
            frame.dialog?.buttons.push(name);
          };
          break;
        }
        case 'button': {
          const collector = new Collector(MAX_COLLECTED_CHARS, hidden, true);
          (frame.collectors ??= []).push(collector);
          frame.onClose = () => {
            const name =
              normalise(attribs['aria-label'] ?? '') ||
              collector.text() ||
              normalise(attribs.title ?? '') ||
              (attribs['aria-labelledby'] ? '(aria-labelledby)' : '');
            buttons.push({ name, hidden: atHidden, inDialog: frame.dialog !== undefined });
            frame.dialog?.buttons.push(name);
          };
          break;
        }
        case 'label': {
          const collector = new Collector(MAX_COLLECTED_CHARS, false, true);
          (frame.collectors ??= []).push(collector);
          if (attribs.for) labelFor.set(attribs.for, collector);
          openLabel = collector;
          frame.onClose = () => {
            openLabel = undefined;
          };
          break;
        }
        case 'form':
          formIndex = formsSeen++;
          frame.onClose = () => {
            formIndex = -1;
          };
          break;
        case 'input':
        case 'select':
        case 'textarea': {
          const type = tag === 'input' ? (attribs.type ?? 'text').toLowerCase() : tag;
          if (tag === 'input' && BUTTON_INPUT_TYPES.has(type)) {
            const name =
              normalise(attribs.value ?? '') ||
              normalise(attribs['aria-label'] ?? '') ||
              normalise(attribs.alt ?? '') ||
              (type === 'submit' ? 'Submit' : type === 'reset' ? 'Reset' : '');
            buttons.push({ name, hidden: atHidden, inDialog: frame.dialog !== undefined });
            frame.dialog?.buttons.push(name);
            break;
          }
          if (
            frame.dialog &&
            (type === 'email' ||
              /e-?mail/i.test(`${attribs.name ?? ''} ${attribs.placeholder ?? ''}`))
          )
            frame.dialog.hasEmailInput = true;
          const ownLabel =
            normalise(attribs['aria-label'] ?? '') ||
            (attribs['aria-labelledby'] ? '(aria-labelledby)' : '') ||
            normalise(attribs.title ?? '') ||
            null;
          if (type === 'checkbox') {
            const nearby = new Collector(200);
            // Active until the box's parent element closes.
            if (parent) {
              (parent.collectors ??= []).push(nearby);
              activeCollectors.push(nearby);
            }
            pendingCheckboxes.push({
              checked: attribs.checked !== undefined,
              hidden: atHidden,
              id: attribs.id ?? null,
              wrappingLabel: openLabel,
              ownLabel,
              nearby,
            });
          }
          if (!UNLABELLED_INPUT_TYPES.has(type)) {
            pendingControls.push({
              fact: {
                tag,
                type,
                id: attribs.id ?? null,
                checked: attribs.checked !== undefined,
                required: attribs.required !== undefined || attribs['aria-required'] === 'true',
                hidden: atHidden,
                form: formIndex,
                blocksPaste: cancelsEvent(element, 'onpaste'),
              },
              wrappingLabel: openLabel,
              ownLabel,
              // axe accepts a placeholder as the field's accessible name (the last resort).
              placeholder: normalise(attribs.placeholder ?? '') || null,
            });
          }
          break;
        }
        case 'h1':
        case 'h2':
        case 'h3':
        case 'h4':
        case 'h5':
        case 'h6': {
          const collector = new Collector(MAX_COLLECTED_CHARS, false, true);
          (frame.collectors ??= []).push(collector);
          frame.onClose = () =>
            headings.push({
              level: Number(tag.slice(1)),
              text: collector.text(),
              hidden: atHidden,
            });
          break;
        }
        default:
          break;
      }
      if (role === 'button' && tag !== 'a' && tag !== 'button') {
        const collector = new Collector(MAX_COLLECTED_CHARS, hidden, true);
        (frame.collectors ??= []).push(collector);
        const previous = frame.onClose;
        frame.onClose = () => {
          previous?.();
          const name = normalise(attribs['aria-label'] ?? '') || collector.text();
          buttons.push({ name, hidden: atHidden, inDialog: frame.dialog !== undefined });
          frame.dialog?.buttons.push(name);
        };
      }
      if (frame.collectors)
        for (const collector of frame.collectors)
          if (!activeCollectors.includes(collector)) activeCollectors.push(collector);
      stack.push(frame);
    },

    ontext(data) {
      const frame = top();
      if (!frame) return;
      // Scripts, styles (extract/resource-facts.ts) and the title (extract/head-facts.ts) are read
      // from the tree, never as page text.
      if (frame.tag === 'title') return;
      const state = frame.state;
      if (state.noText) return;
      if (state.hidden) {
        // A dialog hidden at load (shown later by script) still tells what it would say, and
        // its buttons and links still have names; screen-reader-only text names links too.
        for (const collector of activeCollectors)
          if (collector.hidden || (collector.accessibleName && !state.atHidden))
            collector.add(data);
        return;
      }
      if (segmentParts.length === 0) {
        if (data.trim() === '') return;
        segmentContainer = innermostBlock();
        segmentChrome = state.chrome;
        segmentTiny = state.tiny;
      }
      if (segmentLength < MAX_SEGMENT_CHARS * 4) {
        segmentParts.push(data);
        segmentLength += data.length;
      }
      for (const hint of state.hints) segmentHints.add(hint);
      for (const collector of activeCollectors) collector.add(data);
    },

    onclosetag(tag) {
      if (BLOCK_TAGS.has(tag)) flushSegment();
      for (const collector of activeCollectors) collector.markBoundary();
      const frame = stack.pop();
      if (!frame) return;
      frame.onClose?.();
      if (frame.collectors) {
        for (const collector of frame.collectors) {
          const at = activeCollectors.indexOf(collector);
          if (at >= 0) activeCollectors.splice(at, 1);
        }
      }
    },
  };
  walkDocument(document, visitor);
  flushSegment();

  const labelText = (id: string | null): string | null => {
    if (!id) return null;
    const collector = labelFor.get(id);
    return collector ? collector.text() || null : null;
  };
  const controls: ControlFact[] = pendingControls.map(
    ({ fact, wrappingLabel, ownLabel, placeholder }) => ({
      ...fact,
      label: ownLabel || wrappingLabel?.text() || labelText(fact.id) || placeholder || null,
    }),
  );
  const checkboxes: CheckboxFact[] = pendingCheckboxes.map((box) => ({
    label: box.ownLabel || box.wrappingLabel?.text() || labelText(box.id) || box.nearby.text(),
    checked: box.checked,
    hidden: box.hidden,
  }));
  const dialogFacts: DialogFact[] = dialogs.map((dialog) => ({
    signal: dialog.signal,
    hints: dialog.hints,
    visibleAtLoad: dialog.visibleAtLoad,
    shownByMarkup: dialog.shownByMarkup,
    text: dialog.collector.text(),
    hasEmailInput: dialog.hasEmailInput,
    buttons: dialog.buttons.filter((name) => name !== ''),
  }));
  const linkFacts = links;
  const skipLink = linkFacts
    .slice(0, 10)
    .some((link) => (link.href ?? '').startsWith('#') && /skip|jump to/i.test(link.name));

  return {
    htmlChars,
    ...headFactsOf(elements),
    images: imagesOf(elements, states),
    links: linkFacts,
    buttons,
    controls,
    forms: formsOf(elements, states),
    checkboxes,
    headings,
    landmarks: landmarksOf(elements, states),
    skipLink,
    duplicateIds: structure.duplicateIds,
    positiveTabindex: structure.positiveTabindex,
    iframes: iframesOf(elements, states),
    ...resourceFactsOf(elements),
    media: mediaOf(elements, states),
    dialogs: dialogFacts,
    segments,
    visibleChars,
    words,
    marqueeOrBlink: structure.marqueeOrBlink,
    adSlots: adSlotsOf(elements, states),
    blockedInteractions: blockedInteractionsOf(elements),
    countdownTexts: countdowns.map((collector) => collector.text()).filter((text) => text !== ''),
  };
}
