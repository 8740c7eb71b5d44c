export {
  BrowserTier,
  chromiumArgs,
  type BrowserTierAvailability,
  type BrowserTierOptions,
} from './browser-tier.js';
export {
  BROWSER_TIER_DEFAULTS,
  browserTierVars,
  type BrowserTierConfig,
} from './browser-tier.config.js';
export type {
  BrowserObservation,
  ContactedTracker,
  ObservedCookie,
  ObservedRequest,
  ObservedResourceType,
} from './browser-observation.js';
export { EgressPolicy, type EgressPolicyOptions } from './egress-policy.js';
export { EgressProxy, type RefusedConnection } from './egress-proxy.js';
export { findChromium, CHROMIUM_CANDIDATES } from './find-chromium.js';
export type {
  AccessibilityAudit,
  AccessibilityViolation,
  AxeImpact,
} from './accessibility-audit.js';
export type { FingerprintingFinding, FingerprintTechnique } from './fingerprint-probe.js';
export type { KeyLoggingFinding, LeakEncoding } from './key-logging.js';
export { BrowserTierError, BrowserTierErrorCode } from './browser-tier.error.js';
export type { SessionRecordingFinding } from './session-recording.js';
export { observeSite, type PageObserver, type SiteObservation } from './observe-site.js';
export type {
  ConsentObservation,
  DeEmphasisedDecline,
  DesignObservation,
  PreCheckedKind,
  PreCheckedOption,
  TimerObservation,
} from './design-observation.js';
export { designFindings, designSource, type DesignFindings } from './design-findings.js';
