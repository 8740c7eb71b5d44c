export { SafeFetcher } from './safe-fetcher.js';
export {
  DEFAULT_ACCEPT,
  DEFAULT_MAX_BODY_BYTES,
  DEFAULT_MAX_REDIRECTS,
  DEFAULT_TIMEOUT_MS,
  DEFAULT_USER_AGENT,
  type FetchOptions,
  type RedirectHop,
  type SafeFetcherOptions,
  type SafeFetchResponse,
  type SafeFetchTimings,
} from './safe-fetch.types.js';
export {
  SafeFetchError,
  SafeFetchErrorCode,
  isSafeFetchError,
  type SafeFetchErrorDetails,
} from './safe-fetch-error.js';
export {
  classifyAddress,
  type AddressCategory,
  type AddressClassification,
} from './address/classify-address.js';
export { checkUrl, checkAddress, type CheckedUrl, type CheckUrlOptions } from './check-url.js';
export {
  checkPublicUrl,
  type CheckPublicUrlOptions,
  type PublicUrlVerdict,
} from './check-public-url.js';
export { AllowList, allowListEntryProblem, fetchAllowListVar } from './allow-list.js';
export { networkOf } from './address/ip-address.js';
export { createStaticResolver, systemResolver, type Resolver } from './resolver.js';
export {
  fetchResolveVar,
  ResolveRules,
  resolveRuleProblem,
  type ResolveTarget,
} from './resolve-rules.js';
export {
  decodeText,
  detectEncoding,
  parseContentType,
  type ContentType,
} from './body/decode-text.js';
