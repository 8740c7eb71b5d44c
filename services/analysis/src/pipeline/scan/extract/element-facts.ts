// Facts about single elements that need only the element and its state (element-state.ts):
// images, iframes, media, forms and landmarks, one small extractor each.
import type { ElementStates } from '../element-state.js';
import type { FormFact, IframeFact, ImageFact, MediaFact, PageFacts } from '../page-facts.js';
import { normalise } from '../text-measure.js';
import { isInside, type PageElement } from '@frenly/html';

type Landmarks = PageFacts['landmarks'];

const stateOf = (states: ElementStates, element: PageElement) => {
  const state = states.get(element);
  if (!state) throw new Error(`no state for <${element.name}>`);
  return state;
};

export function imagesOf(elements: readonly PageElement[], states: ElementStates): ImageFact[] {
  return elements
    .filter((element) => element.name === 'img')
    .map((element) => {
      const { role, atHidden } = stateOf(states, element);
      return {
        src: element.attribs.src ?? null,
        alt: element.attribs.alt === undefined ? null : normalise(element.attribs.alt),
        decorative:
          role === 'presentation' || role === 'none' || element.attribs['aria-hidden'] === 'true',
        hidden: atHidden,
      };
    });
}

export function iframesOf(elements: readonly PageElement[], states: ElementStates): IframeFact[] {
  return elements
    .filter((element) => element.name === 'iframe')
    .map((element) => {
      const { atHidden, hints } = stateOf(states, element);
      return {
        src: element.attribs.src ?? null,
        title: element.attribs.title === undefined ? null : normalise(element.attribs.title),
        hidden: atHidden,
        ad: hints.includes('ad'),
      };
    });
}

/** Videos and sounds; a captions or subtitles <track> belongs to the last one opened before it. */
export function mediaOf(elements: readonly PageElement[], states: ElementStates): MediaFact[] {
  const media: { -readonly [K in keyof MediaFact]: MediaFact[K] }[] = [];
  for (const element of elements) {
    if (element.name === 'video' || element.name === 'audio') {
      const { attribs } = element;
      media.push({
        tag: element.name,
        autoplay: attribs.autoplay !== undefined,
        muted: attribs.muted !== undefined,
        controls: attribs.controls !== undefined,
        hidden: stateOf(states, element).hidden,
        captions: false,
      });
    } else if (element.name === 'track') {
      const kind = (element.attribs.kind ?? 'subtitles').toLowerCase();
      const last = media[media.length - 1];
      if (last && (kind === 'captions' || kind === 'subtitles')) last.captions = true;
    }
  }
  return media;
}

export function formsOf(elements: readonly PageElement[], states: ElementStates): FormFact[] {
  return elements
    .filter((element) => element.name === 'form')
    .map((element) => ({
      action: element.attribs.action ?? null,
      method: (element.attribs.method ?? 'get').toLowerCase(),
      hidden: stateOf(states, element).hidden,
    }));
}

/** header/footer count as banner/contentinfo only outside article, section and main (as ARIA maps them). */
export function landmarksOf(elements: readonly PageElement[], states: ElementStates): Landmarks {
  const landmarks = { main: 0, nav: 0, banner: 0, contentinfo: 0 };
  const sectioned = (element: PageElement) =>
    isInside(element, 'article') || isInside(element, 'section') || isInside(element, 'main');
  for (const element of elements) {
    const tag = element.name;
    if (tag === 'main') landmarks.main++;
    if (tag === 'nav') landmarks.nav++;
    if (tag === 'header' && !sectioned(element)) landmarks.banner++;
    if (tag === 'footer' && !sectioned(element)) landmarks.contentinfo++;
    // Only an element with a role attribute has a role (its state's, lower-cased).
    if (element.attribs.role === undefined) continue;
    const { role } = stateOf(states, element);
    if (role === 'main' && tag !== 'main') landmarks.main++;
    if (role === 'navigation' && tag !== 'nav') landmarks.nav++;
    if (role === 'banner') landmarks.banner++;
    if (role === 'contentinfo') landmarks.contentinfo++;
  }
  return landmarks;
}
