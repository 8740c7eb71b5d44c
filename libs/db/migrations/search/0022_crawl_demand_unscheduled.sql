-- search.demand_crawl_roots (0021) compared next_crawl_at with `<>`, which is never true for a
-- root with no schedule (next_crawl_at null): such a root was never made due by a search. Now
-- IS DISTINCT FROM. The rest is 0021's rule, unchanged; demandWouldChange
-- (services/search/src/crawler/crawl-demand.ts) spares a search the statement when the root it
-- read says this would write nothing, and crawl-demand.int-spec.ts holds the two to the same
-- answers.
--
-- Each site becomes due first (next_crawl_at = demanded_at), unless its crawl is running or
-- queued (a root already leased keeps its lease: no second job) or it was crawled after
-- `recent` (its analysis is on the way, or it failed and is not hammered). A root already
-- demanded gets no new row version (each search of a popular query would write one).
CREATE OR REPLACE FUNCTION search.demand_crawl_roots(
  urls text[], hosts text[], demanded_at timestamptz, recent timestamptz
) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO search.crawl_roots (url, host, status, next_crawl_at)
  SELECT d.url, d.host, 'done', demanded_at FROM unnest(urls, hosts) AS d(url, host)
  ON CONFLICT (url) DO UPDATE SET next_crawl_at = excluded.next_crawl_at
  WHERE search.crawl_roots.status NOT IN ('crawling', 'queued')
    AND (search.crawl_roots.last_crawled_at IS NULL OR search.crawl_roots.last_crawled_at < recent)
    AND search.crawl_roots.next_crawl_at IS DISTINCT FROM excluded.next_crawl_at;
END $$;
