// The corpus's pages as the crawler files them, checked after a load: every inner page names
// its site (site_id) and that row is the home page of the page's registrable domain (the same
// domain or a subdomain of it), a site itself; every other row is a home page; the head rows
// the search reads carry the same site_id; and as many pages as the generator made. A load
// that got the linkage wrong (ids given in another order than the generator's) fails here
// instead of measuring a corpus without pages.

/**
 * Runs the check with `query(text)` (resolving with `{ rows }`, as pg and PGlite do) on a
 * database holding rows [0, sites) of `corpus`; returns the counts, throws on any mismatch.
 */
export async function checkPages(query, corpus, sites) {
  const { rows } = await query(`
    select count(*) filter (where p.site_id is null) as sites,
      count(*) filter (where p.site_id is not null) as pages,
      count(*) filter (where p.site_id is null and p.url <> 'https://' || p.domain || '/') as sites_not_home,
      count(*) filter (where p.site_id is not null and (s.id is null or s.site_id is not null
        or s.url <> 'https://' || s.domain || '/'
        or not (p.domain = s.domain or right(p.domain, length(s.domain) + 1) = '.' || s.domain))) as pages_astray,
      count(*) filter (where h.id is null or h.site_id is distinct from p.site_id) as heads_astray,
      count(distinct p.site_id) as sites_with_pages
    from search.sites p
    left join search.sites s on s.id = p.site_id
    left join search.site_heads h on h.id = p.id`);
  const counts = Object.fromEntries(Object.entries(rows[0]).map(([k, v]) => [k, Number(v)]));
  const expectedPages = corpus.pagesIn(0, sites);
  const problems = [
    counts.sites + counts.pages !== sites && `${counts.sites + counts.pages} rows, not ${sites}`,
    counts.pages !== expectedPages && `${counts.pages} pages, the corpus has ${expectedPages}`,
    counts.sites_not_home > 0 && `${counts.sites_not_home} sites that are not home pages`,
    counts.pages_astray > 0 &&
      `${counts.pages_astray} pages whose site_id is not the home page of their domain`,
    counts.heads_astray > 0 && `${counts.heads_astray} head rows without the page's site_id`,
  ].filter(Boolean);
  if (problems.length > 0) throw new Error(`corpus pages check failed: ${problems.join('; ')}`);
  return {
    sites: counts.sites,
    pages: counts.pages,
    sitesWithPages: counts.sites_with_pages,
  };
}
