// Accessibility checks on the static HTML, each named after the axe-core rule it mirrors.
// Static HTML cannot see computed styles or script-built DOM, so contrast and focus order
// are out of reach here; docs/analysis-scoring.md lists what is and is not covered.
import type { PageFacts } from '../scan/page-facts.js';
import { clip } from '../text/snippet.js';
import { counted, linear, ofTotal, plural, share, type CheckResult } from './check.js';

const GENERIC_LINK_TEXT =
  /^(click here|here|read more|more|learn more|link|this link|click|go|details|more info|continue|this)\.?$/i;
// BCP 47 primary subtag (2–3 letters, or "x"/"i"), optionally followed by subtags.
const VALID_LANG = /^([a-z]{2,3}|[xi])(-[a-z0-9]{1,8})*$/i;

export function accessibilityChecks(facts: PageFacts): CheckResult[] {
  const results: CheckResult[] = [];

  const lang = facts.lang;
  results.push(
    lang
      ? {
          id: 'a11y.html-has-lang',
          axeRuleId: 'html-has-lang',
          score: 1,
          detail: `The page declares its language (lang="${clip(lang, 20)}").`,
          strength: 'Declares its language for screen readers',
        }
      : {
          id: 'a11y.html-has-lang',
          axeRuleId: 'html-has-lang',
          score: 0,
          detail: 'The <html> element has no lang attribute.',
          fix: 'Add a lang attribute to <html> (e.g. lang="en") so screen readers pronounce the text correctly (axe: html-has-lang).',
        },
  );
  results.push({
    id: 'a11y.html-lang-valid',
    axeRuleId: 'html-lang-valid',
    score: lang ? (VALID_LANG.test(lang) ? 1 : 0) : null,
    detail: lang
      ? VALID_LANG.test(lang)
        ? 'The declared language is a valid BCP 47 tag.'
        : `The declared language "${clip(lang, 20)}" is not a valid BCP 47 tag.`
      : 'No language declared.',
    fix: 'Use a valid BCP 47 language tag such as "en" or "fr-CA" (axe: html-lang-valid).',
  });

  results.push(
    facts.title
      ? {
          id: 'a11y.document-title',
          axeRuleId: 'document-title',
          score: 1,
          detail: `The page has a title: "${clip(facts.title, 80)}".`,
        }
      : {
          id: 'a11y.document-title',
          axeRuleId: 'document-title',
          score: 0,
          detail: 'The page has no <title>.',
          fix: 'Give the page a descriptive <title> (axe: document-title).',
        },
  );

  const images = facts.images.filter((image) => !image.hidden && !image.decorative);
  const missingAlt = images.filter((image) => image.alt === null);
  results.push({
    id: 'a11y.image-alt',
    axeRuleId: 'image-alt',
    score: share(images.length - missingAlt.length, images.length),
    detail:
      images.length === 0
        ? 'No content images.'
        : `${ofTotal(images.length - missingAlt.length, images.length, 'image', 'has', 'have')} a text alternative.`,
    fix: `Add alt text to ${plural(missingAlt.length, 'image')} (alt="" for purely decorative ones) (axe: image-alt).`,
    strength:
      images.length >= 3
        ? `Every image has a text alternative (${images.length}/${images.length})`
        : undefined,
    evidence: missingAlt.slice(0, 3).map((image) => `<img src="${clip(image.src ?? '', 80)}">`),
  });

  const controls = facts.controls.filter((control) => !control.hidden);
  const unlabelled = controls.filter((control) => control.label === null);
  results.push({
    id: 'a11y.label',
    axeRuleId: 'label',
    score: share(controls.length - unlabelled.length, controls.length),
    detail:
      controls.length === 0
        ? 'No form fields.'
        : `${ofTotal(controls.length - unlabelled.length, controls.length, 'form field', 'has', 'have')} a label.`,
    fix: `Give ${plural(unlabelled.length, 'form field')} a <label> (or aria-label) (axe: label).`,
    strength: controls.length >= 2 ? 'Every form field is labelled' : undefined,
    evidence: unlabelled
      .slice(0, 3)
      .map(
        (control) =>
          `<${control.tag}${control.tag === 'input' ? ` type="${control.type}"` : ''}${control.id ? ` id="${control.id}"` : ''}>`,
      ),
  });

  const links = facts.links.filter((link) => !link.hidden && link.href !== null);
  const unnamedLinks = links.filter((link) => link.name === '');
  results.push({
    id: 'a11y.link-name',
    axeRuleId: 'link-name',
    score: share(links.length - unnamedLinks.length, links.length),
    detail:
      links.length === 0
        ? 'No links.'
        : `${ofTotal(links.length - unnamedLinks.length, links.length, 'link', 'has', 'have')} discernible text.`,
    fix: `Give ${plural(unnamedLinks.length, 'link')} text or an aria-label (icon-only links say nothing to a screen reader) (axe: link-name).`,
    evidence: unnamedLinks.slice(0, 3).map((link) => `<a href="${clip(link.href ?? '', 80)}">`),
  });
  const named = links.filter((link) => link.name !== '');
  const generic = named.filter((link) => GENERIC_LINK_TEXT.test(link.name));
  results.push({
    id: 'a11y.link-text',
    score: share(named.length - generic.length, named.length),
    detail:
      named.length === 0
        ? 'No named links.'
        : generic.length === 0
          ? 'Link texts describe their targets.'
          : `${counted(generic.length, 'link', 'uses', 'use')} generic text such as "${generic[0]?.name}".`,
    fix: 'Replace generic link text ("click here", "read more") with words that say where the link goes.',
    evidence: generic.slice(0, 3).map((link) => `"${link.name}"`),
  });

  const buttons = facts.buttons.filter((button) => !button.hidden);
  const unnamedButtons = buttons.filter((button) => button.name === '');
  results.push({
    id: 'a11y.button-name',
    axeRuleId: 'button-name',
    score: share(buttons.length - unnamedButtons.length, buttons.length),
    detail:
      buttons.length === 0
        ? 'No buttons.'
        : `${ofTotal(buttons.length - unnamedButtons.length, buttons.length, 'button', 'has', 'have')} an accessible name.`,
    fix: `Give ${plural(unnamedButtons.length, 'button')} text or an aria-label (axe: button-name).`,
  });

  const headings = facts.headings.filter((heading) => !heading.hidden);
  let skips = 0;
  const skipEvidence: string[] = [];
  for (let i = 1; i < headings.length; i++) {
    const previous = headings[i - 1]!;
    const current = headings[i]!;
    if (current.level > previous.level + 1) {
      skips++;
      if (skipEvidence.length < 3)
        skipEvidence.push(`h${previous.level} → h${current.level} ("${clip(current.text, 50)}")`);
    }
  }
  results.push({
    id: 'a11y.heading-order',
    axeRuleId: 'heading-order',
    score: headings.length < 2 ? null : 1 - skips / (headings.length - 1),
    detail:
      headings.length < 2
        ? 'Fewer than two headings.'
        : skips === 0
          ? 'Heading levels increase one step at a time.'
          : `${counted(skips, 'heading', 'skips', 'skip')} a level.`,
    fix: 'Do not skip heading levels (an h2 is followed by h3, not h4) (axe: heading-order).',
    strength: headings.length >= 4 && skips === 0 ? 'Headings form a clean outline' : undefined,
    evidence: skipEvidence,
  });
  const h1 = headings.filter((heading) => heading.level === 1).length;
  results.push({
    id: 'a11y.page-has-heading-one',
    axeRuleId: 'page-has-heading-one',
    score: h1 > 0 ? 1 : 0,
    detail: h1 > 0 ? 'The page has a level-one heading.' : 'The page has no <h1>.',
    fix: 'Add one <h1> that names the page (axe: page-has-heading-one).',
  });
  const empty = headings.filter((heading) => heading.text === '');
  results.push({
    id: 'a11y.empty-heading',
    axeRuleId: 'empty-heading',
    score: share(headings.length - empty.length, headings.length),
    detail:
      empty.length === 0
        ? 'No empty headings.'
        : `${counted(empty.length, 'heading', 'is', 'are')} empty.`,
    fix: 'Remove empty headings or give them text (axe: empty-heading).',
  });

  const hasMain = facts.landmarks.main > 0;
  results.push({
    id: 'a11y.landmark-one-main',
    axeRuleId: 'landmark-one-main',
    score: facts.landmarks.main === 1 ? 1 : facts.landmarks.main > 1 ? 0.5 : 0,
    detail:
      facts.landmarks.main === 1
        ? 'The page has one main landmark.'
        : facts.landmarks.main > 1
          ? `The page has ${facts.landmarks.main} main landmarks.`
          : 'The page has no <main> landmark.',
    fix: 'Wrap the main content in one <main> element (axe: landmark-one-main).',
  });
  results.push({
    id: 'a11y.bypass',
    axeRuleId: 'bypass',
    score: facts.skipLink || hasMain ? 1 : 0,
    detail: facts.skipLink
      ? 'A skip link lets keyboard users jump to the content.'
      : hasMain
        ? 'A main landmark lets assistive technology skip to the content.'
        : 'Nothing lets keyboard users skip repeated navigation.',
    fix: 'Add a "Skip to content" link or a <main> landmark (axe: bypass).',
    strength: facts.skipLink ? 'Has a skip-to-content link for keyboard users' : undefined,
  });

  const viewport = facts.viewport?.toLowerCase().replace(/\s+/g, '') ?? null;
  const noScale = viewport !== null && /user-scalable=(no|0)(,|;|$)/.test(viewport);
  const maxScaleMatch = viewport !== null ? /maximum-scale=([\d.]+)/.exec(viewport) : null;
  const maxScale = maxScaleMatch ? Number(maxScaleMatch[1]) : null;
  const zoomLocked = noScale || (maxScale !== null && maxScale < 2);
  results.push({
    id: 'a11y.meta-viewport',
    axeRuleId: 'meta-viewport',
    score: viewport === null ? null : zoomLocked ? 0 : 1,
    detail:
      viewport === null
        ? 'No viewport meta tag.'
        : zoomLocked
          ? `Zooming is locked (viewport "${clip(facts.viewport ?? '', 80)}").`
          : 'Visitors can zoom the page.',
    fix: 'Remove user-scalable=no and any maximum-scale below 2 from the viewport meta tag (axe: meta-viewport).',
    evidence: zoomLocked
      ? [`<meta name="viewport" content="${clip(facts.viewport ?? '', 100)}">`]
      : [],
  });

  results.push({
    id: 'a11y.tabindex',
    axeRuleId: 'tabindex',
    score: facts.positiveTabindex.length === 0 ? 1 : 0,
    detail:
      facts.positiveTabindex.length === 0
        ? 'No positive tabindex.'
        : `${counted(facts.positiveTabindex.length, 'element', 'forces', 'force')} a tab order with a positive tabindex.`,
    fix: 'Remove positive tabindex values; let the document order define focus order (axe: tabindex).',
    evidence: facts.positiveTabindex
      .slice(0, 3)
      .map((entry) => `<${entry.tag} tabindex="${entry.value}">`),
  });
  results.push({
    id: 'a11y.duplicate-id',
    axeRuleId: 'duplicate-id',
    score: linear(facts.duplicateIds.length, 0, 10),
    detail:
      facts.duplicateIds.length === 0
        ? 'Element ids are unique.'
        : `${counted(facts.duplicateIds.length, 'id', 'is', 'are')} used more than once.`,
    fix: 'Make element ids unique; labels and ARIA references point at the wrong element otherwise (axe: duplicate-id).',
    evidence: facts.duplicateIds.slice(0, 3).map((id) => `id="${clip(id, 40)}"`),
  });

  const frames = facts.iframes.filter((frame) => !frame.hidden);
  const untitled = frames.filter((frame) => !frame.title);
  results.push({
    id: 'a11y.frame-title',
    axeRuleId: 'frame-title',
    score: share(frames.length - untitled.length, frames.length),
    detail:
      frames.length === 0
        ? 'No iframes.'
        : `${ofTotal(frames.length - untitled.length, frames.length, 'iframe', 'has', 'have')} a title.`,
    fix: 'Give every iframe a title that says what it contains (axe: frame-title).',
  });
  const videos = facts.media.filter((media) => media.tag === 'video' && !media.hidden);
  const uncaptioned = videos.filter((video) => !video.captions);
  results.push({
    id: 'a11y.video-caption',
    axeRuleId: 'video-caption',
    score: share(videos.length - uncaptioned.length, videos.length),
    detail:
      videos.length === 0
        ? 'No videos.'
        : `${ofTotal(videos.length - uncaptioned.length, videos.length, 'video', 'has', 'have')} captions.`,
    fix: 'Add a captions <track> to every video (axe: video-caption).',
  });

  const refresh = facts.metaRefresh ? Number.parseFloat(facts.metaRefresh) : null;
  const delayedRefresh =
    refresh !== null && Number.isFinite(refresh) && refresh > 0 && refresh < 72_000;
  results.push({
    id: 'a11y.meta-refresh',
    axeRuleId: 'meta-refresh',
    score: delayedRefresh ? 0 : 1,
    detail: delayedRefresh
      ? `The page reloads or redirects itself after ${refresh} s.`
      : 'No timed refresh.',
    fix: 'Remove the timed <meta http-equiv="refresh">; let visitors decide when to move on (axe: meta-refresh).',
  });
  results.push({
    id: 'a11y.marquee-blink',
    axeRuleId: 'marquee',
    score: facts.marqueeOrBlink === 0 ? 1 : 0,
    detail:
      facts.marqueeOrBlink === 0
        ? 'No <marquee> or <blink>.'
        : `${plural(facts.marqueeOrBlink, 'moving <marquee>/<blink> element')}.`,
    fix: 'Remove <marquee> and <blink>: moving text cannot be paused (axe: marquee, blink).',
  });
  results.push({
    id: 'a11y.aria-hidden-body',
    axeRuleId: 'aria-hidden-body',
    score: facts.bodyAriaHidden ? 0 : 1,
    detail: facts.bodyAriaHidden
      ? 'The whole body is hidden from assistive technology (aria-hidden="true").'
      : 'The body is exposed to assistive technology.',
    fix: 'Remove aria-hidden="true" from <body> (axe: aria-hidden-body).',
  });
  return results;
}
