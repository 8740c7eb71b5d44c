// The canonical URL lives in @frenly/contracts, shared with the search catalogue.
export { canonicalUrl, domainOf, InvalidUrlError, tryCanonicalUrl } from '@frenly/contracts';
