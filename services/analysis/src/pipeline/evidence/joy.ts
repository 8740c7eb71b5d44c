// Joy factor: what makes a visit pleasant. No ads or autoplay, a calm layout, real content,
// and respect for the visitor's motion and colour preferences.
import type { PageFacts } from '../scan/page-facts.js';
import { showsAtLoad } from './friction.js';
import { clamp01, counted, linear, plural, type CheckResult } from './check.js';
import { proseWords } from './content-blocks.js';
import type { ManipulationFinding } from './manipulation.js';
import type { PrivacyEvidence } from './privacy.js';

export function joyChecks(
  facts: PageFacts,
  privacy: PrivacyEvidence,
  manipulation: readonly ManipulationFinding[],
): CheckResult[] {
  const checks: CheckResult[] = [];
  const adNetworks = privacy.trackers.filter(
    (tracker) => tracker.category === 'advertising' || tracker.category === 'pornvertising',
  );
  const adFrames = facts.iframes.filter((frame) => frame.ad && !frame.hidden).length;
  const adCount = facts.adSlots.length + adFrames;
  const adSignals = adCount + adNetworks.length;
  checks.push({
    id: 'joy.no-ads',
    score: adSignals === 0 ? 1 : adSignals <= 2 ? 0.5 : 0,
    detail:
      adSignals === 0
        ? "No ads in the page's HTML."
        : `${plural(adCount, 'ad slot')}${adNetworks.length > 0 ? ` and ${plural(adNetworks.length, 'ad network')} (${adNetworks.map((n) => n.organization).join(', ')})` : ''}.`,
    fix: 'Fewer ads (or none) make the page calmer and faster.',
    strength: adSignals === 0 ? "No ads in the page's HTML" : undefined,
    evidence: facts.adSlots.slice(0, 3),
  });

  const autoplay = facts.media.filter((media) => media.autoplay && !media.hidden).length;
  checks.push({
    id: 'joy.no-autoplay',
    score: autoplay === 0 ? 1 : 0,
    detail:
      autoplay === 0
        ? 'Nothing starts playing by itself.'
        : `${counted(autoplay, 'video or sound', 'starts by itself', 'start by themselves', 'videos or sounds')}.`,
    fix: 'Let visitors start media themselves.',
  });

  const visibleModals = facts.dialogs.filter(showsAtLoad).length;
  const urgency = manipulation.filter(
    (finding) => finding.category === 'urgency' || finding.category === 'scarcity',
  ).length;
  const keyframes = (facts.inlineStyle.match(/@keyframes/g) ?? []).length;
  const noise =
    0.5 * facts.marqueeOrBlink +
    0.3 * visibleModals +
    0.2 * Math.min(urgency, 3) +
    (keyframes >= 10 ? 0.2 : 0);
  checks.push({
    id: 'joy.calm-layout',
    score: clamp01(1 - noise),
    detail:
      noise === 0
        ? 'A calm page: no moving text, pop-ups or pressure messages.'
        : `Distractions: ${[facts.marqueeOrBlink > 0 ? 'moving text' : '', visibleModals > 0 ? plural(visibleModals, 'pop-up') : '', urgency > 0 ? plural(urgency, 'pressure message') : '', keyframes >= 10 ? 'many animations' : ''].filter(Boolean).join(', ')}.`,
    fix: 'Remove moving elements, pop-ups and countdowns; let the content speak.',
    strength: noise === 0 ? 'Calm layout without distractions' : undefined,
  });

  const words = proseWords(facts);
  checks.push({
    id: 'joy.real-content',
    score: linear(words, 300, 50),
    detail: `${words} words of real content.`,
    fix: 'Give visitors substance: more useful content, less chrome.',
    strength: words >= 600 ? `Substantial content (${words} words)` : undefined,
  });

  const illustrated = facts.images.filter(
    (image) => !image.hidden && image.alt !== null && image.alt !== '',
  ).length;
  checks.push({
    id: 'joy.visual-content',
    score: illustrated > 0 ? 1 : facts.images.length > 0 ? 0.7 : 0.5,
    detail: illustrated > 0 ? `${plural(illustrated, 'described image')}.` : 'No described images.',
    fix: 'Add meaningful, described images that support the text.',
  });

  const reducedMotion = /prefers-reduced-motion/.test(facts.inlineStyle);
  const colourScheme =
    /prefers-color-scheme/.test(facts.inlineStyle) || /color-scheme/.test(facts.inlineStyle);
  checks.push({
    id: 'joy.respects-preferences',
    score: 0.5 + (reducedMotion ? 0.25 : 0) + (colourScheme ? 0.25 : 0),
    detail: `${reducedMotion ? 'Honours' : 'Does not visibly honour'} reduced-motion; ${colourScheme ? 'supports' : 'no visible support for'} dark mode.`,
    fix: 'Honour prefers-reduced-motion and offer a dark colour scheme.',
    strength:
      reducedMotion && colourScheme
        ? 'Honours reduced-motion and dark-mode preferences'
        : undefined,
  });
  return checks;
}
