-- A search in one statement (search.ranked_page): the bounded candidate stage of
-- docs/search-ranking.md §4, the score of §3, the result order, the catalogue rows of the
-- requested page and, when the query finds almost nothing, the typo corrections of its unknown
-- words. Before, a search was 6 to 9 statements in a transaction and a corrected typo 16 to 24,
-- each a round trip that wakes both processes: on a loaded 2-core machine the waits cost more
-- than the work (docs/search-scaling.md §2).

-- Query formula v2 (docs/search-ranking.md §3) of one site, from its search.site_heads row:
--   (4 · exactness + 2 · allInTitle + head) · (0.7 + 0.6 · static_rank)
-- exactness: 1 the domain is the query's domain, 0.95 the query is the name part of a domain
-- without subdomain, 0.9 the whole title, 0.8 the name part of a subdomain's domain, else 0
-- (0 without exact text); allInTitle: the query matches the A-weighted words alone; head: cover
-- density of the head vector when it matches the query, else 0.02 (a page-text-only match).
CREATE FUNCTION search.score_v2(head_vector tsvector, static_rank float8, domain text, domain_label text, title_key text,
    q tsquery, exact_text text, exact_domain text) RETURNS float8
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  RETURN ((4 * (CASE WHEN exact_text = '' THEN 0::float8 ELSE (CASE
        WHEN domain = exact_domain THEN 1.0
        WHEN domain_label = exact_text AND split_part(domain, '.', 1) = domain_label THEN 0.95
        WHEN title_key = exact_text THEN 0.9
        WHEN domain_label = exact_text THEN 0.8
        ELSE 0 END)::float8 END)
    + 2 * (CASE WHEN ts_filter(head_vector, '{a}') @@ q THEN 1 ELSE 0 END)
    + (CASE WHEN head_vector @@ q THEN ts_rank_cd('{0.1, 0.2, 0.4, 1.0}'::float4[], head_vector, q, 32) ELSE 0.02 END))
    * (0.7 + 0.6 * static_rank));
--> statement-breakpoint
-- One search (see SearchRepository for the options). q: the query; iq: a superset of it that a
-- GIN index answers without rechecking rows (phrases as their words). Returns
-- {hits: the page's catalogue rows with their score, in result order; candidates: how many
-- sites were ranked; complete: every match was seen; estimate: the planner's estimate of the
-- whole-document matches; corrections: [{term, known, best}] when fewer than correctBelow
-- sites were found and correctTerms were given, else null}.
-- Each step's statement is planned on its own (EXECUTE) under the planner settings chosen for
-- it, as separate statements were: bitmaps by default (no sequential scan, no plain index
-- scan), the rank index walked for a word on 2 % of the heads or more, the page-text tier read
-- through a TID range for words on 2 % of the documents or more.
CREATE FUNCTION search.ranked_page(q tsquery, iq tsquery, options jsonb) RETURNS json
  LANGUAGE plpgsql AS $$
DECLARE
  unpredictable boolean := coalesce((options->>'unpredictable')::boolean, false);
  rechecks boolean := coalesce((options->>'rechecks')::boolean, false);
  exclusions boolean := coalesce((options->>'hasExclusions')::boolean, false);
  exact_text text := coalesce(options->>'exactText', '');
  exact_domain text := coalesce(options->>'exactDomain', '');
  page_offset int := coalesce((options->>'offset')::int, 0);
  page_limit int := coalesce((options->>'limit')::int, 10);
  window_size int := coalesce((options->>'candidateLimit')::int, 300);
  body_tier_below int := coalesce((options->>'bodyTierBelow')::int, 100);
  body_scan_limit int := coalesce((options->>'bodyScanLimit')::int, 2000);
  per_domain int := coalesce((options->>'perDomain')::int, 2);
  correct_terms text[] := coalesce(ARRAY(SELECT jsonb_array_elements_text(options->'correctTerms')), '{}');
  correct_below int := coalesce((options->>'correctBelow')::int, 0);
  min_similarity float8 := coalesce((options->>'minSimilarity')::float8, 0.3);
  -- Most typos are at least this similar to the word meant ("moble" and "mobile": 0.44): looked up first, among few candidate words.
  close_similarity constant float8 := 0.4;
  -- Matches on this share of the sites or more are found by walking the ranks.
  walk_above_share constant float8 := 0.02;
  -- How many of the best-ranked documents the page-text tier reads through when it walks.
  body_walk_rows constant float8 := 10000;
  -- Exact name matches join the candidates even when their static rank would leave them out.
  exact_candidates constant int := 20;
  tree text := querytree(q);
  q_lit text := quote_literal(q::text) || '::tsquery';
  iq_lit text := quote_literal(iq::text) || '::tsquery';
  columns constant text := 'h.id, h.static_rank, h.domain, h.domain_label, h.title_key, h.head_vector';
  score text;
  exact_filter text;
  ordered_through int := 0;
  heads_rows float8;
  bodies_rows float8;
  body_pages float8;
  plan jsonb;
  estimate_heads float8 := 0;
  estimate_bodies float8 := 0;
  walk boolean := false;
  mode text;
  body_walk_pages int;
  scan int;
  scanned int;
  head_matches int := 0;
  ids int[] := '{}';
  domains text[] := '{}';
  scores float8[] := '{}';
  more_ids int[];
  more_domains text[];
  more_scores float8[];
  complete boolean := true;
  estimate float8 := 0;
  candidates int;
  hits json;
  corrections jsonb;
  wider jsonb;
  far text[];
  lookup constant text := $sql$
    SELECT jsonb_agg(jsonb_build_object('term', t.term, 'known', t.known, 'best',
      CASE WHEN NOT t.known THEN (SELECT l.word FROM search.lexicon l
        WHERE l.word % t.term AND l.word <> t.term
        ORDER BY similarity(l.word, t.term) DESC, l.sites DESC, l.word LIMIT 1) END) ORDER BY t.n)
    FROM (SELECT v.term, v.n, EXISTS (SELECT 1 FROM search.lexicon l WHERE l.word = v.term) AS known
          FROM unnest($1::text[]) WITH ORDINALITY AS v(term, n)) t$sql$;
BEGIN
  PERFORM set_config('jit', 'off', true), set_config('enable_seqscan', 'off', true), set_config('enable_indexscan', 'off', true),
    set_config('enable_bitmapscan', 'on', true), set_config('max_parallel_workers_per_gather', '0', true);
  score := format('search.score_v2(h.head_vector, h.static_rank, h.domain, h.domain_label, h.title_key, %s, %L, %L)', q_lit, exact_text, exact_domain);
  exact_filter := CASE WHEN exact_text = '' THEN NULL
    ELSE format('(h.domain = %L OR h.domain_label = %L OR h.title_key = %L)', exact_domain, exact_text, exact_text) END;

  -- "over -grammar" is exclusions alone once the stop word is gone: it matches nothing. Stop
  -- words alone ("who") can still name a site exactly (who.int): exact matches only.
  IF tree <> 'T' THEN
    SELECT coalesce(value::int, 0) INTO ordered_through FROM search.settings WHERE key = 'index.ordered-through';
    ordered_through := coalesce(ordered_through, 0);
    SELECT c.reltuples INTO heads_rows FROM pg_class c WHERE c.oid = 'search.site_heads'::regclass;
    SELECT c.reltuples, c.relpages INTO bodies_rows, body_pages FROM pg_class c WHERE c.oid = 'search.site_bodies'::regclass;
    IF tree = '' THEN
      mode := 'exact only';
    ELSE
      -- The planner's estimates of the head and whole-document matches (no scan).
      EXECUTE format('EXPLAIN (FORMAT JSON) SELECT (SELECT count(*) FROM search.site_heads h WHERE h.head_vector @@ %s),
          (SELECT count(*) FROM search.site_bodies b WHERE b.search_vector @@ %s)', iq_lit, q_lit) INTO plan;
      estimate_heads := coalesce((jsonb_path_query_first(plan, 'strict $.** ? (@."Relation Name" == "site_heads")."Plan Rows"'))::text::float8, 0);
      estimate_bodies := coalesce((jsonb_path_query_first(plan, 'strict $.** ? (@."Relation Name" == "site_bodies")."Plan Rows"'))::text::float8, 0);
      estimate := estimate_bodies;
      -- A word on 2 % of the heads or more: walking the ranks (hot, shared pages) finds the best
      -- ones within some ten thousand narrow rows, where a bitmap decodes every match first.
      -- Phrases, which the planner estimates as all of their words, are never walked.
      walk := NOT unpredictable AND estimate_heads >= walk_above_share * coalesce(heads_rows, 0);
      mode := CASE WHEN walk THEN 'walk' ELSE 'bitmap' END;
      IF walk THEN PERFORM set_config('enable_indexscan', 'on', true); END IF;
    END IF;

    -- Head tier: the window's best static ranks among the head matches (with exclusions, also
    -- checked against the whole document), and the exact name matches whatever their rank,
    -- found by name ("IS TRUE" keeps the planner from finding them through the text index
    -- instead: it reads every document with the words when it underestimates them).
    -- Sites added since the last ordering sit at the end of the table: when the first matches
    -- filled the window before reaching them, they are looked up apart (tail).
    EXECUTE format($sql$
      WITH ordered AS MATERIALIZED (%1$s),
      tail AS MATERIALIZED (
        SELECT %2$s FROM search.site_heads h WHERE %3$s
        ORDER BY h.static_rank DESC NULLS LAST, h.id LIMIT %4$s),
      head AS MATERIALIZED (
        SELECT * FROM (
          SELECT DISTINCT ON (id) * FROM (
            SELECT id, static_rank, domain, domain_label, title_key, head_vector FROM ordered WHERE hit
            UNION ALL SELECT * FROM tail) found ORDER BY id) unique_found
        ORDER BY static_rank DESC NULLS LAST, id LIMIT %4$s),
      kept AS (
        SELECT h.*, true AS head FROM head h %5$s
        %6$s)
      SELECT coalesce(array_agg(h.id), '{}'), coalesce(array_agg(h.domain), '{}'), coalesce(array_agg(%7$s), '{}'),
        count(*) FILTER (WHERE h.head) FROM kept h$sql$,
      CASE mode
        WHEN 'walk' THEN format('SELECT %s, true AS hit FROM search.site_heads h WHERE h.head_vector @@ %s
            ORDER BY h.static_rank DESC NULLS LAST, h.id LIMIT %s', columns, q_lit, window_size)
        ELSE format('SELECT %s, %s AS hit FROM search.site_heads h WHERE %s LIMIT %s', columns,
            CASE WHEN rechecks THEN format('h.head_vector @@ %s', q_lit) ELSE 'true' END,
            CASE WHEN mode = 'bitmap' THEN format('h.head_vector @@ %s', iq_lit) ELSE 'false' END, window_size) END,
      columns,
      CASE WHEN mode = 'bitmap' THEN format('(SELECT count(*) FROM ordered) >= %s AND h.head_vector @@ %s AND h.id > %s', window_size, q_lit, ordered_through)
        ELSE 'false' END,
      window_size,
      -- The head matches' documents read at once (a bitmap over their ids: their pages are
      -- prefetched together), not one lookup after the other.
      CASE WHEN exclusions THEN format('WHERE h.id IN (SELECT b.id FROM search.site_bodies b
          WHERE b.id = ANY(ARRAY(SELECT id FROM head)) AND b.search_vector @@ %s)', q_lit) ELSE '' END,
      CASE WHEN exact_filter IS NULL THEN ''
        ELSE format('UNION ALL (SELECT %s, false AS head FROM search.site_heads h JOIN search.site_bodies b ON b.id = h.id
            WHERE %s AND (numnode(%s) = 0 OR (b.search_vector @@ %s) IS TRUE) LIMIT %s)', columns, exact_filter, q_lit, q_lit, exact_candidates) END,
      score)
    INTO ids, domains, scores, head_matches;

    IF mode = 'exact only' THEN
      complete := true;
    ELSIF head_matches >= body_tier_below THEN
      complete := false;
    ELSE
      -- Page-text tier: whole-document matches read in table order (static-rank order) through
      -- the GIN index, the window's first; a phrase rechecked on at most bodyScanLimit sites
      -- holding its words. Words on 2 % of the documents or more: the best-ranked documents
      -- of the first pages read through instead (decoding every GIN entry costs 50-90 ms at 1M).
      bodies_rows := greatest(0, coalesce(bodies_rows, 0));
      IF bodies_rows > 0 AND estimate_bodies >= walk_above_share * bodies_rows THEN
        body_walk_pages := greatest(1, ceil(body_walk_rows * body_pages / bodies_rows))::int;
      END IF;
      IF walk OR body_walk_pages IS NOT NULL THEN
        PERFORM set_config('enable_indexscan', 'off', true),
          set_config('enable_bitmapscan', CASE WHEN body_walk_pages IS NOT NULL THEN 'off' ELSE 'on' END, true);
      END IF;
      scan := CASE WHEN rechecks THEN greatest(body_scan_limit, window_size) ELSE window_size END;
      EXECUTE format($sql$
        WITH pool AS MATERIALIZED (%1$s),
        body AS MATERIALIZED (SELECT id FROM pool WHERE hit ORDER BY static_rank DESC NULLS LAST, id LIMIT %2$s)
        SELECT (SELECT count(*) FROM pool), coalesce(array_agg(h.id), '{}'), coalesce(array_agg(h.domain), '{}'), coalesce(array_agg(%3$s), '{}')
        FROM search.site_heads h WHERE h.id = ANY(ARRAY(SELECT id FROM body))$sql$,
        CASE WHEN body_walk_pages IS NOT NULL
          THEN format('SELECT b.id, b.static_rank, true AS hit FROM search.site_bodies b
              WHERE b.ctid < %L::tid AND b.search_vector @@ %s LIMIT %s', format('(%s,0)', body_walk_pages), q_lit, window_size)
          ELSE format('SELECT b.id, b.static_rank, %s AS hit FROM search.site_bodies b WHERE b.search_vector @@ %s LIMIT %s',
            CASE WHEN rechecks THEN format('b.search_vector @@ %s', q_lit) ELSE 'true' END, iq_lit, scan) END,
        window_size, score)
      INTO scanned, more_ids, more_domains, more_scores;
      ids := ids || more_ids;
      domains := domains || more_domains;
      scores := scores || more_scores;
      complete := body_walk_pages IS NULL AND scanned < scan;
    END IF;
  END IF;

  -- The result order (docs/search-ranking.md §3): at most perDomain results of each domain
  -- first, then the rest; each part by score descending, then id. Then the page's rows.
  WITH candidate AS (
    SELECT DISTINCT ON (u.id) u.id, u.domain, u.score FROM unnest(ids, domains, scores) AS u(id, domain, score) ORDER BY u.id
  ), ranked AS (
    SELECT c.id, c.score, row_number() OVER (PARTITION BY c.domain ORDER BY c.score DESC, c.id) AS nth FROM candidate c
  ), placed AS (
    SELECT r.id, r.score, row_number() OVER (ORDER BY r.nth > per_domain, r.score DESC, r.id) AS position FROM ranked r
  )
  SELECT (SELECT count(*) FROM candidate),
    (SELECT json_agg(json_build_object('id', s.id, 'url', s.url, 'domain', s.domain, 'title', s.title, 'description', s.description,
        'frenliness_score', s.frenliness_score, 'trust_score', s.trust_score, 'is_verified', s.is_verified, 'is_claimed', s.is_claimed,
        'upvotes', s.upvotes, 'downvotes', s.downvotes, 'total_staked', s.total_staked, 'analysis_data', s.analysis_data,
        'indexed_at', s.indexed_at, 'analyzed_at', s.analyzed_at, 'score', p.score) ORDER BY p.position)
     FROM placed p JOIN search.sites s ON s.id = p.id
     WHERE p.position > page_offset AND p.position <= page_offset + page_limit)
  INTO candidates, hits;
  IF tree <> 'T' AND tree <> '' AND head_matches < body_tier_below THEN
    complete := complete AND candidates < window_size;
  END IF;

  -- Typo corrections: only when the query found almost nothing, only for words the lexicon does
  -- not know; a close word (similarity 0.4 or more) first, among few candidate words, then, for
  -- the terms with none, any word at minSimilarity or more. The % operator reads
  -- pg_trgm.similarity_threshold.
  IF cardinality(correct_terms) > 0
      AND (CASE WHEN complete THEN candidates ELSE greatest(candidates, estimate) END) < correct_below THEN
    PERFORM set_config('enable_seqscan', 'on', true), set_config('enable_indexscan', 'on', true), set_config('enable_bitmapscan', 'on', true),
      set_config('pg_trgm.similarity_threshold', greatest(min_similarity, close_similarity)::text, true);
    EXECUTE lookup INTO corrections USING correct_terms;
    far := ARRAY(SELECT e->>'term' FROM jsonb_array_elements(corrections) e WHERE NOT (e->>'known')::boolean AND e->>'best' IS NULL);
    IF cardinality(far) > 0 AND min_similarity < close_similarity THEN
      PERFORM set_config('pg_trgm.similarity_threshold', min_similarity::text, true);
      EXECUTE lookup INTO wider USING far;
      corrections := (SELECT jsonb_agg(coalesce(w.e, c.e) ORDER BY c.n)
        FROM jsonb_array_elements(corrections) WITH ORDINALITY c(e, n) LEFT JOIN jsonb_array_elements(wider) w(e) ON w.e->>'term' = c.e->>'term');
    END IF;
  END IF;

  RETURN json_build_object('hits', coalesce(hits, '[]'::json), 'candidates', candidates, 'complete', complete,
    'estimate', estimate, 'corrections', corrections);
END $$;
