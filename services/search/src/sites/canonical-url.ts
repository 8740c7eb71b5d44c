// The canonical URL lives in @frenly/contracts, shared with the analyzer.
export {
  canonicalUrl,
  domainOf,
  InvalidUrlError,
  MAX_URL_LENGTH,
  originOf,
  tryCanonicalUrl,
} from '@frenly/contracts';
