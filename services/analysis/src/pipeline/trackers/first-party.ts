// The site's own organisation: a page on nytimes.com loading from nyt.com, or theguardian.com
// loading from guim.co.uk, talks to its own company, not to a third party. TrackerDB knows
// which organisation owns which domains; where it does not list the page's own domain, the
// organisation's name written as the page's domain ("The Guardian" ~ theguardian.com) counts.
import type { TrackerCatalog } from './tracker-catalog.js';

export interface SiteOwner {
  /** Organisations the page's own registrable domain belongs to (TrackerDB). */
  readonly organisations: ReadonlySet<string>;
  /** The page's registrable domain without its public suffix, letters and digits only ("theguardian"). */
  readonly brand: string;
}

/** Letters and digits of a name, without a leading "the" and company suffixes. */
function squash(name: string): string {
  return name
    .toLowerCase()
    .replace(/^the\s+/, '')
    .replace(/\b(?:company|inc|ltd|llc|plc|group|corp|corporation|gmbh|s\.?a\.?)\b\.?/g, '')
    .replace(/[^a-z0-9]/g, '');
}

export function siteOwnerOf(pageDomain: string, catalog: TrackerCatalog): SiteOwner {
  const label = pageDomain.split('.')[0] ?? pageDomain;
  return {
    organisations: new Set(catalog.organisationsOfDomain(pageDomain)),
    brand: label.toLowerCase().replace(/[^a-z0-9]/g, ''),
  };
}

/** Whether an organisation (or a tracker pattern's name) is the site's own. */
export function isSiteOwn(owner: SiteOwner, organisation: string, patternName?: string): boolean {
  if (owner.organisations.has(organisation)) return true;
  if (owner.brand.length < 4) return false;
  return [organisation, patternName ?? ''].some((name) => {
    const squashed = squash(name);
    return (
      squashed.length >= 4 &&
      (squashed === owner.brand ||
        owner.brand === `the${squashed}` ||
        (squashed.length >= 6 && owner.brand.includes(squashed)))
    );
  });
}
