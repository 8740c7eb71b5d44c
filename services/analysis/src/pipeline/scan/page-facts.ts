// What one pass over a page's HTML records: the raw material of every evidence module.
// Plain data (no DOM), so the evidence modules stay small pure functions and the scan runs
// once however many checks read it.

/** Class/id words that say what an element is for (see HINT_WORDS in page-scanner.ts). */
export type Hint =
  'countdown' | 'modal' | 'cookie' | 'newsletter' | 'paywall' | 'ad' | 'stock' | 'social-proof';

export interface TextSegment {
  /** Whitespace-normalised visible text of one block. */
  readonly text: string;
  readonly words: number;
  /** Innermost block-level element around the text ("p", "li", "div", "h2", "button"…). */
  readonly container: string;
  /** Inside navigation, header, footer or aside: page chrome rather than content. */
  readonly inChrome: boolean;
  /** Hints of the text's ancestors. */
  readonly hints: readonly Hint[];
  /** Inside an element with an inline font size of 9px or less. */
  readonly tiny: boolean;
}

export interface ImageFact {
  readonly src: string | null;
  /** null when the attribute is missing; "" is a valid, decorative alt. */
  readonly alt: string | null;
  /** role=presentation/none or aria-hidden=true: needs no text alternative. */
  readonly decorative: boolean;
  readonly hidden: boolean;
}

export interface LinkFact {
  readonly href: string | null;
  /** Accessible name: text, aria-label, title or the alt of an image inside. */
  readonly name: string;
  readonly hidden: boolean;
}

export interface ButtonFact {
  readonly name: string;
  readonly hidden: boolean;
  /** Inside a dialog-like element. */
  readonly inDialog: boolean;
}

export interface ControlFact {
  readonly tag: 'input' | 'select' | 'textarea';
  /** Input type, lower case ("text" by default); the tag for select/textarea. */
  readonly type: string;
  readonly id: string | null;
  /** Label text found for it (aria-label, title, wrapping label, label[for], then placeholder as axe accepts it); null when none. */
  readonly label: string | null;
  readonly checked: boolean;
  readonly required: boolean;
  readonly hidden: boolean;
  /** Index into `forms`, or -1 outside any form. */
  readonly form: number;
  readonly blocksPaste: boolean;
}

export interface FormFact {
  readonly action: string | null;
  readonly method: string;
  readonly hidden: boolean;
}

export interface HeadingFact {
  readonly level: number;
  readonly text: string;
  readonly hidden: boolean;
}

export interface ScriptFact {
  readonly src: string | null;
  readonly integrity: boolean;
  readonly type: string | null;
}

export interface ResourceFact {
  /**
   * What loads it: script, iframe, img, stylesheet, media, preload (other link rel=preload or
   * prefetch), inline-script (an inline script loads it as a script or pixel). preconnect and form
   * are recorded but load nothing: a form's action is only contacted when the visitor submits it.
   */
  readonly kind:
    | 'script'
    | 'iframe'
    | 'img'
    | 'stylesheet'
    | 'media'
    | 'preload'
    | 'preconnect'
    | 'form'
    | 'inline-script';
  readonly url: string;
}

export interface IframeFact {
  readonly src: string | null;
  readonly title: string | null;
  readonly hidden: boolean;
  readonly ad: boolean;
}

export interface MediaFact {
  readonly tag: 'video' | 'audio';
  readonly autoplay: boolean;
  readonly muted: boolean;
  readonly controls: boolean;
  readonly captions: boolean;
  readonly hidden: boolean;
}

export interface DialogFact {
  /** Why it counts as a dialog: role, aria-modal, <dialog>, or a class/id hint. */
  readonly signal: string;
  readonly hints: readonly Hint[];
  /** Not hidden by anything the HTML says (attribute, inline style, state class, the page's CSS, aria-hidden). */
  readonly visibleAtLoad: boolean;
  /**
   * The markup says it is shown: an open <dialog>, an inline style that displays or fixes it, or
   * an "open" state class (is-open, show, is-visible…). Without it, a stylesheet the scan does not
   * read (or a script) may keep it closed, so it is not claimed as shown.
   */
  readonly shownByMarkup: boolean;
  readonly text: string;
  readonly hasEmailInput: boolean;
  readonly buttons: readonly string[];
}

export interface CheckboxFact {
  readonly label: string;
  readonly checked: boolean;
  readonly hidden: boolean;
}

export interface PageFacts {
  readonly htmlChars: number;
  readonly lang: string | null;
  readonly title: string | null;
  readonly metaDescription: string | null;
  readonly ogTitle: string | null;
  readonly ogDescription: string | null;
  readonly viewport: string | null;
  readonly metaRefresh: string | null;
  readonly metaReferrer: string | null;
  readonly metaCsp: string | null;
  readonly hasFavicon: boolean;
  readonly bodyAriaHidden: boolean;
  readonly images: readonly ImageFact[];
  readonly links: readonly LinkFact[];
  readonly buttons: readonly ButtonFact[];
  readonly controls: readonly ControlFact[];
  readonly forms: readonly FormFact[];
  readonly checkboxes: readonly CheckboxFact[];
  readonly headings: readonly HeadingFact[];
  readonly landmarks: {
    readonly main: number;
    readonly nav: number;
    readonly banner: number;
    readonly contentinfo: number;
  };
  readonly skipLink: boolean;
  readonly duplicateIds: readonly string[];
  readonly positiveTabindex: readonly { readonly tag: string; readonly value: number }[];
  readonly iframes: readonly IframeFact[];
  readonly scripts: readonly ScriptFact[];
  /** Executable inline script text, capped (see MAX_INLINE_SCRIPT_CHARS in extract/resource-facts.ts). */
  readonly inlineScript: string;
  /** Inline <style> text, capped. */
  readonly inlineStyle: string;
  readonly resources: readonly ResourceFact[];
  readonly media: readonly MediaFact[];
  readonly dialogs: readonly DialogFact[];
  readonly segments: readonly TextSegment[];
  readonly visibleChars: number;
  readonly words: number;
  readonly marqueeOrBlink: number;
  /** Elements that look like ad slots (class/id hints, ins.adsbygoogle, gpt divs). */
  readonly adSlots: readonly string[];
  /** Attributes that cancel paste, copy, right-click or selection (onpaste="return false"…). */
  readonly blockedInteractions: readonly string[];
  /** Elements whose class/id hint at a countdown, with their text. */
  readonly countdownTexts: readonly string[];
}
