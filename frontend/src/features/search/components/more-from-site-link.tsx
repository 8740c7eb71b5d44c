import { Link } from 'react-router-dom';
import { searchLocation } from '../search-text';

interface MoreFromSiteLinkProps {
  /** The result's `siteQuery`: the query restricted to its site (`site:<domain> …`). */
  siteQuery: string;
  domain: string;
}

/** "More from this site": the same query within the result's site, where every page is listed. */
export function MoreFromSiteLink({ siteQuery, domain }: MoreFromSiteLinkProps) {
  return (
    <Link
      to={{ pathname: '/search', search: searchLocation(siteQuery) }}
      className="mt-1 inline-block rounded text-sm text-emerald-800 hover:underline focus-visible:ring-2 focus-visible:ring-emerald-600 focus-visible:outline-none"
    >
      More from this site<span className="sr-only"> ({domain})</span>
    </Link>
  );
}
