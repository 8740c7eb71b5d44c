/**
 * What the rendered page showed of its design, as a visitor's browser saw it: the consent banner,
 * countdowns watched over a few seconds and after a reload, options ticked in advance, and
 * decline controls drawn much less visibly than accept. Recorded facts only; the wording of
 * findings is design-findings.ts's job.
 */
export interface DesignObservation {
  /** Null when no consent banner or consent platform was seen. */
  readonly consent: ConsentObservation | null;
  readonly timers: readonly TimerObservation[];
  readonly preChecked: readonly PreCheckedOption[];
  readonly deEmphasisedDeclines: readonly DeEmphasisedDecline[];
}

export interface ConsentObservation {
  /**
   * The consent platform autoconsent recognised ("Complianz banner", "Onetrust"…), or
   * autoconsent's generic banner heuristic ("HEURISTIC-REJECT"…); null when autoconsent saw none
   * and only Frenly's own banner search found a cookie banner.
   */
  readonly cmp: string | null;
  /** A consent banner was visible in the page. */
  readonly bannerVisible: boolean;
  /**
   * Clicks a visitor needs to reach a reject control: 1 when it is on the banner itself, 2 when
   * it is behind one "settings"/"more options" click… Null when none was found within the clicks
   * Frenly tries (it never clicks accept).
   */
  readonly rejectClicks: number | null;
  /**
   * Frenly looked for the banner's reject control: in the page's own DOM, or inside the frame
   * the banner is drawn in (`frameHost`). False when a platform's banner was recognised where
   * Frenly could not look (a frame not drawn over the page): rejectClicks is then not measured.
   */
  readonly inspected: boolean;
  /** The host of the frame the banner is drawn in (some platforms draw it so); null: the page itself. */
  readonly frameHost: string | null;
  /** The reject control's text as found ("Reject all"), null when none was found. */
  readonly rejectText: string | null;
  /** What Frenly clicked to get there ("Manage options"), in order. */
  readonly path: readonly string[];
  /**
   * Trackers contacted while the banner waited for an answer: Frenly makes no consent choice,
   * so every tracker of the visit was contacted before any choice.
   */
  readonly trackersBeforeChoice: readonly string[];
}

export interface TimerObservation {
  /** The timer's text when first seen ("09:58"). */
  readonly text: string;
  /** Seconds it showed at each sample, and milliseconds from the first sample. */
  readonly samples: readonly { readonly seconds: number; readonly atMs: number }[];
  /** It went down between samples, at about the pace of the clock. */
  readonly countsDown: boolean;
  /**
   * After a reload it showed more time than it had left before: it started over. Null when no
   * reload was made (it did not count down, or there was no time left) or it was gone after.
   */
  readonly restartsOnReload: boolean | null;
  /** What it showed right after the reload, when it was seen. */
  readonly afterReloadSeconds: number | null;
}

export type PreCheckedKind = 'paid-add-on' | 'marketing';

export interface PreCheckedOption {
  readonly kind: PreCheckedKind;
  readonly control: 'checkbox' | 'radio';
  /** The label a visitor reads next to it. */
  readonly label: string;
  /** The price quoted in the label ("€4.99"), null when it names none. */
  readonly price: string | null;
}

export interface DeEmphasisedDecline {
  /** The accept and decline controls' texts. */
  readonly accept: string;
  readonly decline: string;
  /** What makes the decline less visible ("font 11px vs 16px", "a plain link beside a filled button"…). */
  readonly reasons: readonly string[];
  /** The banner is a consent banner (else another dialog: a newsletter or offer pop-up). */
  readonly consentBanner: boolean;
}
