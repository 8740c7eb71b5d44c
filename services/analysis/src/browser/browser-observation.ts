import type { AccessibilityAudit } from './accessibility-audit.js';
import type { DesignObservation } from './design-observation.js';
import type { FingerprintingFinding } from './fingerprint-probe.js';
import type { KeyLoggingFinding } from './key-logging.js';
import type { SessionRecordingFinding } from './session-recording.js';

/** What the browser tier saw on one page: the typed result of `BrowserTier.observe`. */
export interface BrowserObservation {
  /** The address asked for, and where the browser ended up (after redirects). */
  readonly requestedUrl: string;
  readonly finalUrl: string;
  /** HTTP status of the main document, null when it never answered. */
  readonly status: number | null;
  /** Every request the page made (main document included), in the order they were issued. */
  readonly requests: readonly ObservedRequest[];
  /** Trackers actually contacted, one entry per organisation (TrackerDB). */
  readonly trackers: readonly ContactedTracker[];
  /** Cookies in the browser's jar after the visit, every domain. */
  readonly cookies: readonly ObservedCookie[];
  /** Scripts that fingerprinted the browser (canvas, WebGL, audio, fonts), by calling script. */
  readonly fingerprinting: readonly FingerprintingFinding[];
  /** axe-core on the rendered DOM; null when it did not finish within the budget. */
  readonly accessibility: AccessibilityAudit | null;
  /** Text typed into the page's fields (never submitted) that left the page anyway, and where to. */
  readonly keyLogging: readonly KeyLoggingFinding[];
  /** Scripts that behave as session recorders (document-wide mutations, pointer and key listeners). */
  readonly sessionRecording: readonly SessionRecordingFinding[];
  /**
   * The rendered page's design: consent banner, countdowns, pre-checked options, de-emphasised
   * declines. Null (or absent, in observations made before this stage existed) when the design
   * stage was switched off or had no time left.
   */
  readonly design?: DesignObservation | null;
  /** Same-site links of the rendered page, in order: candidates for the inner-page visit. */
  readonly innerLinks: readonly string[];
  /** Connections the egress proxy refused (loopback, private, metadata…): nothing was connected. */
  readonly refused: readonly { readonly target: string; readonly reason: string }[];
  /** PNG of the first screen (viewport only), null when it could not be taken in time. */
  readonly screenshotPng: Buffer | null;
  /** The page hit its time budget; what was recorded until then is kept. */
  readonly timedOut: boolean;
  /** The network went quiet after load (false: requests were still running when recording ended). */
  readonly networkSettled: boolean;
  /** The page hit the transfer cap and its connections were cut. */
  readonly transferCapped: boolean;
  readonly transferredBytes: number;
  readonly durationMs: number;
  /** TrackerDB version the trackers were matched with. */
  readonly trackerDbVersion: string;
}

/** Playwright's resource types, which follow the browser's own. */
export type ObservedResourceType =
  | 'document'
  | 'stylesheet'
  | 'image'
  | 'media'
  | 'font'
  | 'script'
  | 'texttrack'
  | 'xhr'
  | 'fetch'
  | 'eventsource'
  | 'websocket'
  | 'manifest'
  | 'other';

export interface ObservedRequest {
  readonly url: string;
  readonly method: string;
  readonly type: ObservedResourceType;
  /** The URL of the frame that made the request (an iframe's requests name the iframe). */
  readonly frameUrl: string | null;
  /**
   * Who caused it, when Chromium says: the script that called fetch/injected the tag (top of the
   * initiator stack), else the document that referenced it. Null when unknown (out-of-process iframes).
   */
  readonly initiator: string | null;
  /** Registrable domain differs from the page's. */
  readonly thirdParty: boolean;
  /** The request failed or was refused (the browser's error text), null when it got an answer. */
  readonly failure: string | null;
  /** TrackerDB's verdict for this request, null when it is not a known tracker. */
  readonly tracker: {
    readonly name: string;
    readonly organization: string;
    readonly category: string;
  } | null;
}

export interface ContactedTracker {
  readonly organization: string;
  /** TrackerDB pattern names seen for this organisation ("Google Analytics", "DoubleClick"). */
  readonly names: readonly string[];
  /** Purposes (TrackerDB categories: advertising, site_analytics, …). */
  readonly categories: readonly string[];
  /** Host names contacted. */
  readonly hosts: readonly string[];
  readonly requests: number;
  /** Scripts or documents that caused those requests, when known. */
  readonly initiators: readonly string[];
}

export interface ObservedCookie {
  readonly name: string;
  /** The cookie's domain as the browser stores it (leading dot for domain cookies). */
  readonly domain: string;
  readonly thirdParty: boolean;
  /** Seconds from the visit until it expires; null for a session cookie. */
  readonly lifetimeSeconds: number | null;
  /** Who owns the domain: the TrackerDB organisation, else the registrable domain. */
  readonly owner: string;
  /** TrackerDB category of the owner, null when it is not a known tracker. */
  readonly category: string | null;
  readonly httpOnly: boolean;
  readonly secure: boolean;
  readonly sameSite: 'Strict' | 'Lax' | 'None';
}
