// Low friction: what stands between a visitor and the content (interstitials, cookie walls,
// sign-up walls, long forms, autoplay, blocked paste).
import type { DialogFact, PageFacts } from '../scan/page-facts.js';
import type { PageSnapshot } from '../snapshot.js';
import { clip } from '../text/snippet.js';
import { counted, linear, plural, type CheckResult } from './check.js';

const COOKIE_WORDING = /\b(?:cookies?|consent|gdpr|privacy settings|tracking technologies)\b/i;
const REJECT_CHOICE =
  /\b(?:reject|decline|deny|refuse|necessary only|only necessary|essential only|only essential|disagree|do not accept|don'?t accept|continue without accepting|no,? thanks|opt out)\b/i;
const COOKIE_WALL_WORDING =
  /\b(?:by (?:continuing|using|browsing)(?: to (?:use|browse))?(?: (?:this|our) (?:site|website))?,? you (?:accept|agree|consent)|by (?:continuing|using|browsing) (?:to (?:use|browse) )?(?:this|our) (?:site|website)|you (?:must|have to|need to) accept|accept (?:cookies|all) (?:or|to) (?:pay|subscribe|continue)|pay or (?:okay|ok|accept)|subscribe (?:or|to) (?:reject|refuse)|(?:consent or pay))\b/i;
const SIGNUP_WALL_WORDING =
  /\b(?:sign up|register|create (?:a free |an )?account|subscribe|log ?in|sign in)\b[^.]{0,40}\b(?:to (?:continue|keep reading|read|view|access|see)|for (?:full|unlimited) access)\b/i;
const NOTIFICATION_PROMPT =
  /Notification\.requestPermission|OneSignal|pushcrew|PushEngage|webpushr|izooto|subscribers\.com/;
const PASTE_LISTENER =
  /addEventListener\(\s*['"](?:paste|copy|contextmenu|selectstart)['"][\s\S]{0,300}?preventDefault/;
const FORM_FIELDS_GOOD = 6;
const FORM_FIELDS_BAD = 15;

export interface CookieConsentEvidence {
  /** What was found: none, a consent manager's script, a banner with a reject choice, an accept-only banner, a cookie wall. */
  readonly kind:
    'none' | 'consent-manager-script' | 'banner-with-reject' | 'accept-only-banner' | 'cookie-wall';
  readonly consentManagers: readonly string[];
  readonly evidence: string | null;
}

/** A cookie notice's own words ("accept all cookies", "we use cookies"), for banners with no dialog markup. */
const COOKIE_NOTICE_WORDING =
  /\b(?:accept(?:s|ing)? (?:all )?cookies|(?:we|this (?:site|website)) uses? cookies|consent to (?:the use of )?cookies)\b/i;
/** A cookie notice's accept button; generic words ("OK", "Continue") are too common elsewhere on a page. */
const ACCEPT_CHOICE =
  /^(?:accept(?: all)?(?: cookies)?|allow(?: all)?(?: cookies)?|i accept|i agree|agree(?: and (?:close|continue))?|got it)\b/i;
/** A banner says it in a sentence or two; a privacy policy's paragraph about cookies is no banner. */
const MAX_NOTICE_WORDS = 60;
/** A dialog claimed to show at load has this much to show: a few words, or a button. */
const MIN_DIALOG_WORDS = 3;

function isCookieDialog(dialog: DialogFact): boolean {
  return dialog.hints.includes('cookie') || COOKIE_WORDING.test(dialog.text.slice(0, 600));
}

/**
 * Shown at load, by what the HTML says: not hidden (attribute, inline style, state class, the
 * page's <style> rules, aria-hidden) and with something to show. An empty container is filled
 * and opened by script later, if ever; a class word alone ("overlay" on a thumbnail) needs the
 * content of a real pop-up (a sentence, a button or an e-mail field).
 */
export function showsAtLoad(dialog: DialogFact): boolean {
  // Static HTML proves a pop-up is shown only when its markup says so; most sites open and close
  // them with stylesheets and scripts the scan does not run (the browser tier will measure those).
  if (!dialog.visibleAtLoad || !dialog.shownByMarkup) return false;
  if (dialog.signal.startsWith('class/id hint'))
    return wordsOf(dialog) >= 8 || dialog.buttons.length > 0 || dialog.hasEmailInput;
  return hasContent(dialog);
}

function wordsOf(dialog: DialogFact): number {
  return dialog.text === '' ? 0 : dialog.text.split(' ').length;
}

function hasContent(dialog: DialogFact): boolean {
  return wordsOf(dialog) >= MIN_DIALOG_WORDS || dialog.buttons.length > 0;
}

export function cookieConsentOf(
  facts: PageFacts,
  consentManagers: readonly string[],
): CookieConsentEvidence {
  // An empty consent container is a mount point a script may fill: no banner to judge yet.
  const banners = facts.dialogs.filter((dialog) => isCookieDialog(dialog) && hasContent(dialog));
  for (const banner of banners) {
    if (COOKIE_WALL_WORDING.test(banner.text))
      return { kind: 'cookie-wall', consentManagers, evidence: clip(banner.text, 160) };
  }
  const banner = banners[0];
  if (banner) {
    const choices = [...banner.buttons, banner.text].join(' | ');
    return {
      kind: REJECT_CHOICE.test(choices) ? 'banner-with-reject' : 'accept-only-banner',
      consentManagers,
      evidence: clip(banner.text, 160),
    };
  }
  // A notice without dialog markup: cookie wording in the visible text and an accept button.
  const notice = facts.segments.find(
    (segment) => segment.words <= MAX_NOTICE_WORDS && COOKIE_NOTICE_WORDING.test(segment.text),
  );
  const accept = facts.buttons.find((button) => !button.hidden && ACCEPT_CHOICE.test(button.name));
  if (notice && accept) {
    if (COOKIE_WALL_WORDING.test(notice.text))
      return { kind: 'cookie-wall', consentManagers, evidence: clip(notice.text, 160) };
    const rejects = facts.buttons.some(
      (button) => !button.hidden && REJECT_CHOICE.test(button.name),
    );
    return {
      kind: rejects ? 'banner-with-reject' : 'accept-only-banner',
      consentManagers,
      evidence: clip(notice.text, 160),
    };
  }
  if (consentManagers.length > 0)
    return { kind: 'consent-manager-script', consentManagers, evidence: null };
  return { kind: 'none', consentManagers, evidence: null };
}

const CONSENT_SCORES: Record<CookieConsentEvidence['kind'], number> = {
  none: 1,
  'banner-with-reject': 0.8,
  'consent-manager-script': 0.7,
  'accept-only-banner': 0.3,
  'cookie-wall': 0,
};

const COOKIE_BANNER_KINDS: readonly CookieConsentEvidence['kind'][] = [
  'banner-with-reject',
  'accept-only-banner',
  'cookie-wall',
];

/** `trackers`: tracking organisations found; with any, a missing banner is no strength (one may come by script). */
export function frictionChecks(
  facts: PageFacts,
  snapshot: PageSnapshot,
  consentManagers: readonly string[],
  trackers = 0,
): { checks: CheckResult[]; cookieConsent: CookieConsentEvidence } {
  const checks: CheckResult[] = [];

  const nonCookie = facts.dialogs.filter((dialog) => !isCookieDialog(dialog));
  const visibleModals = nonCookie.filter(showsAtLoad);
  const newsletterPopups = nonCookie.filter(
    (dialog) =>
      !showsAtLoad(dialog) &&
      dialog.hasEmailInput &&
      (dialog.hints.includes('newsletter') || dialog.hints.includes('modal')),
  );
  // A cookie banner is scored by the cookie-consent check, but it is still a pop-up: no
  // "no pop-ups" praise beside one.
  const cookieConsent = cookieConsentOf(facts, consentManagers);
  const cookieBanner = COOKIE_BANNER_KINDS.includes(cookieConsent.kind);
  const interstitialScore = Math.max(
    0,
    1 - 0.7 * visibleModals.length - 0.4 * newsletterPopups.length,
  );
  checks.push({
    id: 'friction.interstitials',
    score: interstitialScore,
    detail:
      visibleModals.length === 0 && newsletterPopups.length === 0
        ? 'No pop-ups or interstitials in the page.'
        : [
            visibleModals.length > 0
              ? `${counted(visibleModals.length, 'pop-up', 'is', 'are')} shown at load`
              : '',
            newsletterPopups.length > 0
              ? `${counted(newsletterPopups.length, 'e-mail capture pop-up', 'waits', 'wait')} to open`
              : '',
          ]
            .filter(Boolean)
            .join(', and ')
            .concat(" (seen in the page's HTML)."),
    fix: 'Let visitors reach the content without dismissing pop-ups; offer sign-ups inline instead.',
    strength:
      visibleModals.length === 0 && newsletterPopups.length === 0 && !cookieBanner
        ? "No pop-ups in the page's HTML"
        : undefined,
    evidence: [...visibleModals, ...newsletterPopups]
      .slice(0, 3)
      .map((dialog) => `${dialog.signal}: "${clip(dialog.text, 80)}"`),
  });

  checks.push({
    id: 'friction.cookie-consent',
    score: CONSENT_SCORES[cookieConsent.kind],
    detail: {
      none: 'No cookie banner or consent manager.',
      'consent-manager-script': `A consent manager (${consentManagers.join(', ')}) loads a cookie banner by script.`,
      'banner-with-reject': 'A cookie banner offers a reject choice as well as accept.',
      'accept-only-banner': 'The cookie banner offers no way to reject.',
      'cookie-wall': 'A cookie wall: the content is only available after accepting (or paying).',
    }[cookieConsent.kind],
    fix:
      cookieConsent.kind === 'cookie-wall' || cookieConsent.kind === 'accept-only-banner'
        ? 'Offer "Reject all" as prominently as "Accept all", and never gate the content on consent.'
        : 'Ask for consent only for what needs it; with no tracking, no banner is needed at all.',
    strength:
      cookieConsent.kind === 'none' && trackers === 0 && !facts.dialogs.some(isCookieDialog)
        ? "No cookie banner to click through in the page's HTML"
        : undefined,
    evidence: cookieConsent.evidence ? [`"${cookieConsent.evidence}"`] : [],
  });

  const signupWalls = [
    ...facts.dialogs
      .filter(
        (dialog) =>
          dialog.visibleAtLoad &&
          (dialog.hints.includes('paywall') || SIGNUP_WALL_WORDING.test(dialog.text)),
      )
      .map((dialog) => dialog.text),
    ...facts.segments
      .filter(
        (segment) => segment.hints.includes('paywall') && SIGNUP_WALL_WORDING.test(segment.text),
      )
      .map((segment) => segment.text),
  ];
  checks.push({
    id: 'friction.forced-signup',
    score: signupWalls.length === 0 ? 1 : 0,
    detail:
      signupWalls.length === 0
        ? 'No sign-up wall in front of the content.'
        : 'Visitors must sign up or log in to see the content.',
    fix: 'Show the content first; ask for an account only where one is needed.',
    evidence: signupWalls.slice(0, 2).map((text) => `"${clip(text, 100)}"`),
  });

  const fieldsPerForm = new Map<number, number>();
  for (const control of facts.controls) {
    if (control.hidden || control.form < 0) continue;
    fieldsPerForm.set(control.form, (fieldsPerForm.get(control.form) ?? 0) + 1);
  }
  const longest = Math.max(0, ...fieldsPerForm.values());
  checks.push({
    id: 'friction.form-length',
    score: fieldsPerForm.size === 0 ? null : linear(longest, FORM_FIELDS_GOOD, FORM_FIELDS_BAD),
    detail:
      fieldsPerForm.size === 0
        ? 'No forms.'
        : `The longest form asks for ${plural(longest, 'field')}.`,
    fix: `Ask only for what you need: forms longer than ${FORM_FIELDS_GOOD} fields lose people.`,
  });

  const visibleMedia = facts.media.filter((media) => !media.hidden);
  const loudAutoplay = visibleMedia.filter((media) => media.autoplay && !media.muted);
  const quietAutoplay = visibleMedia.filter((media) => media.autoplay && media.muted);
  checks.push({
    id: 'friction.autoplay',
    score: loudAutoplay.length > 0 ? 0 : quietAutoplay.length > 0 ? 0.6 : 1,
    detail:
      loudAutoplay.length > 0
        ? `${counted(loudAutoplay.length, 'media element', 'plays', 'play')} with sound on its own.`
        : quietAutoplay.length > 0
          ? `${counted(quietAutoplay.length, 'muted video', 'plays', 'play')} on its own.`
          : 'Nothing plays on its own.',
    fix: 'Do not autoplay media; let visitors press play.',
    evidence: [...loudAutoplay, ...quietAutoplay]
      .slice(0, 2)
      .map((media) => `<${media.tag} autoplay${media.muted ? ' muted' : ''}>`),
  });

  const pasteBlocked =
    facts.controls.some((control) => control.blocksPaste) ||
    facts.blockedInteractions.some((entry) => entry.startsWith('onpaste'));
  const scriptBlocks = PASTE_LISTENER.test(facts.inlineScript);
  const otherBlocks = facts.blockedInteractions.filter((entry) => !entry.startsWith('onpaste'));
  checks.push({
    id: 'friction.paste-blocking',
    score: pasteBlocked ? 0 : scriptBlocks || otherBlocks.length > 0 ? 0.5 : 1,
    detail: pasteBlocked
      ? 'Pasting into form fields is blocked.'
      : scriptBlocks || otherBlocks.length > 0
        ? 'Copying, pasting or right-clicking is blocked by script.'
        : 'Copy, paste and right-click work normally.',
    fix: 'Let people paste (password managers depend on it) and copy.',
    evidence: facts.blockedInteractions.slice(0, 3),
  });

  const notificationPrompt =
    NOTIFICATION_PROMPT.test(facts.inlineScript) ||
    facts.resources.some((resource) => NOTIFICATION_PROMPT.test(resource.url));
  checks.push({
    id: 'friction.notification-prompt',
    score: notificationPrompt ? 0.3 : 1,
    detail: notificationPrompt
      ? 'The page asks for permission to send notifications.'
      : 'No notification prompt.',
    fix: 'Ask for notification permission only after a visitor shows interest, never on arrival.',
  });

  checks.push({
    id: 'friction.redirects',
    score: snapshot.redirects <= 1 ? 1 : snapshot.redirects === 2 ? 0.6 : 0.2,
    detail:
      snapshot.redirects === 0
        ? 'No redirects.'
        : `${plural(snapshot.redirects, 'redirect')} before the page.`,
    fix: 'Link straight to the final address; every redirect adds a round trip.',
  });
  return { checks, cookieConsent };
}
