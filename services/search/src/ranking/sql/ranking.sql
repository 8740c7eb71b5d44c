-- Ranking v4 (docs/search-ranking.md): the one readable home of the search ranking. The newest
-- migration that defines search.ranked_page is this file verbatim (ranking-sql.spec.ts checks
-- it; now 0025_ranking_walk_scaled_index_lookups); a change is an edit here and a new migration that
-- copies it, never an edit of a landed migration. Every statement replaces what it defines,
-- so the file can be applied again. (Re-tokenising the catalogue when the document changes is
-- a one-time statement of its own migration: 0010_ranking_v3 did it for the fields below.)
--
-- 1. The document (since v3). Fields, each its own tsvector weight so that BM25F can weigh and normalise
--    them apart: A title; B description and tags; C URL words (the host as one token and its
--    labels without the public suffix: "fahrenheit_fact.blogspot.com" -> fahrenheit, fact,
--    blogspot); D the first 1,000 characters of page text. Before v3 the domain was indexed as
--    title words (A), so a site named like the query outranked pages about it.
CREATE OR REPLACE FUNCTION search.site_document(title text, domain text, description text, tags text[], page_text text) RETURNS tsvector
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  RETURN setweight(to_tsvector('english'::regconfig, title), 'A')
    || setweight(to_tsvector('english'::regconfig, description || ' ' || search.words_of(tags)), 'B')
    || setweight(to_tsvector('english'::regconfig, domain || ' ' || regexp_replace(regexp_replace(domain, '\.[^.]+$', ''), '[._-]+', ' ', 'g')), 'C')
    || setweight(to_tsvector('english'::regconfig, left(page_text, 1000)), 'D');
--> statement-breakpoint
-- 2. BM25F, one query term t against one site's head vector split by field (fa title, fb
--    description and tags, fc URL words: ts_filter of the weights A, B, C):
--      w_t   = Σ_f w_f · tf_{t,f} / (1 − b_f + b_f · len_f / avglen_f)
--      score = Σ_t idf_t · w_t / (1.2 + w_t) · (0.99 + 0.02 · static_rank)
--    w: title 3, description 1, URL words 0.75 (a site's name: it says what the site is called,
--    not what it is about; at 1.5 a site named after the word tied with pages about it); b:
--    title 0.75, description 0.75, URL 0.5; len and avglen in distinct words: title 6,
--    description 25, URL 3; k1 1.2. tf_{t,f}: ts_rank of the term in the field alone, scaled so
--    that one occurrence is 1 (two 1.25, three 1.36: repetition saturates within the field;
--    v3 counted positions with unnest, 15 ms per 300 candidates, 4 times the whole search).
--    A term of a page-text match (body_match) that the head lacks counts 0.5.
--    A missing term adds nothing (partial matches rank, lower). The prior 0.99 + 0.02 ·
--    static_rank (static_rank in [0, 1]: Frenliness, community balance, trust) moves a score by
--    at most ±1 %: saturation brings the scores of one-word queries within a few per cent of
--    each other, and ±5 % let a friendlier site named after the word pass the pages about it.
--    An inner page's prior is its site's static rank (community, Frenliness and trust are the
--    site's: a page row has no votes or analysis of its own, so its own rank is neutral), so
--    the page of a well-regarded site is not scored as an unknown's.
--    search.scored_rows (section 5) writes the sum over the query's terms out, a column per
--    term (an inlined expression per term: a function per site cost more than the whole search).
CREATE OR REPLACE FUNCTION search.field_weight_v4(fa tsvector, fb tsvector, fc tsvector, q tsquery, body_match boolean) RETURNS float8
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  RETURN CASE
    WHEN fa @@ q OR fb @@ q OR fc @@ q THEN
        3.0 * ts_rank('{1, 1, 1, 1}', fa, q, 0) / 0.6079271 / (0.25 + 0.75 * length(fa) / 6.0)
      + 1.0 * ts_rank('{1, 1, 1, 1}', fb, q, 0) / 0.6079271 / (0.25 + 0.75 * length(fb) / 25.0)
      + 0.75 * ts_rank('{1, 1, 1, 1}', fc, q, 0) / 0.6079271 / (0.5 + 0.5 * length(fc) / 3.0)
    WHEN body_match THEN 0.5
    ELSE 0 END;
--> statement-breakpoint
-- 3. The index: the head vector is the document's A, B and C part (before v3: A and B), and the
--    row's site (site_id: null for a site, its site for a page), which caps the results per site.
CREATE OR REPLACE FUNCTION search.site_index_after_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  WITH doc AS MATERIALIZED (
    SELECT n.id, n.static_rank, n.domain, n.domain_label, lower(n.title) AS title_key, n.site_id,
      search.site_document(n.title, n.domain, n.description, n.tags, n.page_text) AS v
    FROM new_sites n
  ), bodies AS (
    INSERT INTO search.site_bodies (id, static_rank, search_vector) SELECT id, static_rank, v FROM doc
    ON CONFLICT (id) DO UPDATE SET static_rank = excluded.static_rank, search_vector = excluded.search_vector
  )
  INSERT INTO search.site_heads (id, static_rank, domain, domain_label, title_key, head_vector, site_id)
  SELECT id, static_rank, domain, domain_label, title_key, ts_filter(v, '{a,b,c}'), site_id FROM doc
  ON CONFLICT (id) DO UPDATE SET static_rank = excluded.static_rank, domain = excluded.domain, domain_label = excluded.domain_label,
    title_key = excluded.title_key, head_vector = excluded.head_vector, site_id = excluded.site_id;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION search.site_index_after_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  WITH changed AS MATERIALIZED (
    SELECT n.id, n.static_rank, n.domain, n.domain_label, lower(n.title) AS title_key, n.site_id,
      CASE WHEN n.title IS DISTINCT FROM o.title OR n.domain IS DISTINCT FROM o.domain OR n.description IS DISTINCT FROM o.description
             OR n.tags IS DISTINCT FROM o.tags OR n.page_text IS DISTINCT FROM o.page_text
        THEN search.site_document(n.title, n.domain, n.description, n.tags, n.page_text) END AS v,
      n.static_rank IS DISTINCT FROM o.static_rank AS rank_changed,
      n.site_id IS DISTINCT FROM o.site_id AS site_changed
    FROM new_sites n JOIN old_sites o ON o.id = n.id
  ), bodies AS (
    INSERT INTO search.site_bodies (id, static_rank, search_vector) SELECT id, static_rank, v FROM changed WHERE v IS NOT NULL
    ON CONFLICT (id) DO UPDATE SET static_rank = excluded.static_rank, search_vector = excluded.search_vector
  ), heads AS (
    INSERT INTO search.site_heads (id, static_rank, domain, domain_label, title_key, head_vector, site_id)
    SELECT id, static_rank, domain, domain_label, title_key, ts_filter(v, '{a,b,c}'), site_id FROM changed WHERE v IS NOT NULL
    ON CONFLICT (id) DO UPDATE SET static_rank = excluded.static_rank, domain = excluded.domain, domain_label = excluded.domain_label,
      title_key = excluded.title_key, head_vector = excluded.head_vector, site_id = excluded.site_id
  ), body_ranks AS (
    UPDATE search.site_bodies b SET static_rank = c.static_rank FROM changed c WHERE c.v IS NULL AND c.rank_changed AND b.id = c.id
  )
  UPDATE search.site_heads h SET static_rank = c.static_rank, site_id = c.site_id
  FROM changed c WHERE c.v IS NULL AND (c.rank_changed OR c.site_changed) AND h.id = c.id;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- 4. A snippet: a short source (35 words or fewer, the most a fragment holds) whole, every
--    query word in it between the two marks (ts_headline's HighlightAll), never cut; a longer
--    one as ts_headline's fragment around the query's words (15 to 35 words), with an ellipsis
--    on the side where the fragment stops short of the text ("…caraway seeds and a sour
--    starter…"), so that a snippet that starts or ends mid-sentence does not read as the
--    page's own words running on. (`source` has the marks already removed.) Before: a short
--    description was cut to a fragment too, and shown with ellipses around part of itself.
--    PL/pgSQL, not SQL: a SQL function with a sub-select is never inlined, and each statement
--    that called it parsed and planned its body again (8 % of a search at 1M). A source with
--    36 words or more is long whatever follows: matched from its start first, since splitting
--    a page text's 1,000-character lead into words costs 60 µs on PGlite.
CREATE OR REPLACE FUNCTION search.snippet_of(source text, q tsquery, mark_start text, mark_stop text) RETURNS text
  LANGUAGE plpgsql STABLE PARALLEL SAFE AS $$
DECLARE
  marked text;
  plain text;
  at int;
BEGIN
  IF NOT (btrim(source) ~ '^\s*\S+(\s+\S+){35}') AND cardinality(regexp_split_to_array(btrim(source), '\s+')) <= 35 THEN
    RETURN ts_headline('english'::regconfig, source, q, format('StartSel=%s, StopSel=%s, HighlightAll=true', mark_start, mark_stop));
  END IF;
  marked := ts_headline('english'::regconfig, source, q, format('StartSel=%s, StopSel=%s, MaxWords=35, MinWords=15', mark_start, mark_stop));
  plain := translate(marked, mark_start || mark_stop, '');
  at := position(plain IN source);
  IF at = 0 THEN
    RETURN marked;
  END IF;
  RETURN CASE WHEN at > 1 THEN '…' ELSE '' END || marked || CASE WHEN at + length(plain) - 1 < length(source) THEN '…' ELSE '' END;
END $$;
--> statement-breakpoint
-- 5. The score of section 2 of the head rows row_tids (ids, each row's site, scores; body_match: the
--    rows matched the whole query in their page text, section 2's page-text credit). A static
--    statement, planned once per session and reused with the query's terms bound: written anew
--    with each query's terms in it, its parsing and planning cost more than scoring the rows on
--    PGlite (docs/search-scaling.md, tenth session). Hence a fixed number of term slots: the
--    first eight terms each a column (an unused slot, a null query and idf 0, adds exactly 0),
--    further ones summed in a sub-select per row (rare: the parser keeps 16 atoms). Each term's
--    weight is a column the sum reads twice, and the fields and the weights are computed in
--    sub-selects kept apart by OFFSET 0: the planner otherwise writes each column's expression
--    in where it is read (every ts_filter ran 18 times per candidate and term). The prior's
--    static rank: an inner page's is its site's, a site's its own, looked up by primary key
--    with an index scan (ranked_page turns them off for its tiers; a bitmap scan per page
--    cost 5 % of a one-word search on PGlite).
CREATE OR REPLACE FUNCTION search.scored_rows(row_tids tid[], term_qs tsquery[], idfs float8[], body_match boolean,
    OUT ids int[], OUT site_keys int[], OUT scores float8[])
  LANGUAGE plpgsql STABLE AS $$
DECLARE
  t1 tsquery := term_qs[1];
  i1 float8 := coalesce(idfs[1], 0);
  t2 tsquery := term_qs[2];
  i2 float8 := coalesce(idfs[2], 0);
  t3 tsquery := term_qs[3];
  i3 float8 := coalesce(idfs[3], 0);
  t4 tsquery := term_qs[4];
  i4 float8 := coalesce(idfs[4], 0);
  t5 tsquery := term_qs[5];
  i5 float8 := coalesce(idfs[5], 0);
  t6 tsquery := term_qs[6];
  i6 float8 := coalesce(idfs[6], 0);
  t7 tsquery := term_qs[7];
  i7 float8 := coalesce(idfs[7], 0);
  t8 tsquery := term_qs[8];
  i8 float8 := coalesce(idfs[8], 0);
  rest_qs tsquery[] := coalesce(term_qs[9:], '{}');
  rest_idfs float8[] := coalesce(idfs[9:], '{}');
BEGIN
  PERFORM set_config('enable_indexscan', 'on', true);
  SELECT coalesce(array_agg(s.id), '{}'), coalesce(array_agg(coalesce(s.site_id, s.id)), '{}'),
    coalesce(array_agg(((0 + i1 * s.w1 / (1.2 + s.w1) + i2 * s.w2 / (1.2 + s.w2) + i3 * s.w3 / (1.2 + s.w3) + i4 * s.w4 / (1.2 + s.w4) + i5 * s.w5 / (1.2 + s.w5) + i6 * s.w6 / (1.2 + s.w6) + i7 * s.w7 / (1.2 + s.w7) + i8 * s.w8 / (1.2 + s.w8) + s.rest)
      * (0.99 + 0.02 * least(1, greatest(0, coalesce(s.prior_rank, 0)))))), '{}')
    INTO ids, site_keys, scores
  FROM (SELECT h.id, h.site_id, h.prior_rank,
      search.field_weight_v4(h.fa, h.fb, h.fc, t1, body_match) AS w1,
      search.field_weight_v4(h.fa, h.fb, h.fc, t2, body_match) AS w2,
      search.field_weight_v4(h.fa, h.fb, h.fc, t3, body_match) AS w3,
      search.field_weight_v4(h.fa, h.fb, h.fc, t4, body_match) AS w4,
      search.field_weight_v4(h.fa, h.fb, h.fc, t5, body_match) AS w5,
      search.field_weight_v4(h.fa, h.fb, h.fc, t6, body_match) AS w6,
      search.field_weight_v4(h.fa, h.fb, h.fc, t7, body_match) AS w7,
      search.field_weight_v4(h.fa, h.fb, h.fc, t8, body_match) AS w8,
      CASE WHEN cardinality(rest_qs) = 0 THEN 0 ELSE (
        SELECT sum(r.idf * x.w / (1.2 + x.w)) FROM unnest(rest_qs, rest_idfs) AS r(tq, idf),
          LATERAL (SELECT search.field_weight_v4(h.fa, h.fb, h.fc, r.tq, body_match) AS w) x) END AS rest
    FROM (SELECT h.id, h.site_id, ts_filter(h.head_vector, '{a}') AS fa, ts_filter(h.head_vector, '{b}') AS fb,
        ts_filter(h.head_vector, '{c}') AS fc,
        CASE WHEN h.site_id IS NULL THEN h.static_rank
          ELSE coalesce((SELECT o.static_rank FROM search.site_heads o WHERE o.id = h.site_id), h.static_rank) END AS prior_rank
      FROM search.site_heads h WHERE h.ctid = ANY(row_tids) OFFSET 0) h OFFSET 0) s;
  PERFORM set_config('enable_indexscan', 'off', true);
END $$;
--> statement-breakpoint
-- 6. The planner's plan of a statement (EXPLAIN, no execution): how the search reads its
--    estimates of a query's matches without a scan. A function of its own because EXPLAIN is
--    refused in a STABLE function, and search.ranked_page is STABLE so that all its statements
--    read one snapshot (the rows a tier found are scored by their row address: section 5).
CREATE OR REPLACE FUNCTION search.plan_of(statement text) RETURNS jsonb
  LANGUAGE plpgsql AS $$
DECLARE
  plan jsonb;
BEGIN
  EXECUTE 'EXPLAIN (FORMAT JSON) ' || statement INTO plan;
  RETURN plan;
END $$;
--> statement-breakpoint
-- 7. A tier's window with the tail: found_* are the first matches a bitmap read in table order
--    (static-rank order up to ordered_through), which filled the window before reaching the
--    rows added since the last ordering; those rows' matches of q (none of `excluded`; only
--    the domain's with a site: query) are looked up apart, through their own GIN index
--    (TAIL_INDEX, search-index.repository.ts), whose bound only a plan made with
--    ordered_through's value can use; the window is the best ranks of both.
CREATE OR REPLACE FUNCTION search.window_with_tail(found_ids int[], found_tids tid[], found_ranks float8[], q tsquery,
    ordered_through int, excluded int[], site_domain text, window_size int, OUT ids int[], OUT tids tid[])
  LANGUAGE plpgsql STABLE AS $$
BEGIN
  PERFORM set_config('plan_cache_mode', 'force_custom_plan', true);
  SELECT found_ids || coalesce(array_agg(t.id), '{}'), found_tids || coalesce(array_agg(t.ctid), '{}'),
      found_ranks || coalesce(array_agg(t.static_rank), '{}')
    INTO found_ids, found_tids, found_ranks
    FROM (SELECT h.id, h.ctid, h.static_rank FROM search.site_heads h
      WHERE h.id > ordered_through AND ((h.head_vector @@ q AND h.id % 2 = 0) OR (h.head_vector @@ q AND h.id % 2 = 1))
        AND NOT (h.id = ANY(excluded)) AND (site_domain = '' OR h.domain = site_domain)
      ORDER BY h.static_rank DESC NULLS LAST, h.id LIMIT window_size) t;
  PERFORM set_config('plan_cache_mode', 'force_generic_plan', true);
  SELECT coalesce(array_agg(u.id), '{}'), coalesce(array_agg(u.tid), '{}') INTO ids, tids
    FROM (SELECT u.id, u.tid FROM (SELECT DISTINCT ON (f.id) f.id, f.tid, f.static_rank
        FROM unnest(found_ids, found_tids, found_ranks) AS f(id, tid, static_rank) ORDER BY f.id) u
      ORDER BY u.static_rank DESC NULLS LAST, u.id LIMIT window_size) u;
END $$;
--> statement-breakpoint
-- 8. One search: the bounded candidate stage (full matches: head tier, page-text tier, exact
--    name matches as candidates only; partial matches when the full ones do not fill the
--    page), the score of section 2, the result order (at most perSite pages of a site), the
--    page's rows: each a page with its highlighted snippet, carrying its site's id and insights.
--    Typo correction is the service's (SpellingService), not this statement's.
CREATE OR REPLACE FUNCTION search.ranked_page(q tsquery, iq tsquery, options jsonb) RETURNS json
  LANGUAGE plpgsql STABLE AS $$
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
  per_site int := coalesce((options->>'perSite')::int, 2);
  -- site:example.org — only the pages of that domain, and all of them (no cap per site).
  site_domain text := coalesce(options->>'siteDomain', '');
  -- Matches on this share of the documents or more are found by walking the ranks, at a
  -- million documents (options.walkAboveShare); the share scales as one over the square root of the documents. A walk
  -- reads about window / share rows before its window is full, a bitmap decodes share ×
  -- documents matches first: the two cost the same where share² × documents is constant.
  -- 2 % was measured at a million (docs/search-scaling.md, section 2, item 2); it is 6.3 % at
  -- 100,000, where walking words on 2 % to 6 % of the heads read 10,000 to 15,000 rows (a
  -- quarter of a four-word search on PGlite) and their bitmap a tenth of that time.
  walk_above_share float8 := coalesce((options->>'walkAboveShare')::float8, 0.02);
  walk_heads_from float8;
  walk_bodies_from float8;
  -- How many of the best-ranked documents the page-text tier reads through when it walks.
  body_walk_rows constant float8 := 10000;
  -- Exact name matches join the candidates even when their static rank would leave them out.
  exact_candidates constant int := 20;
  -- Below this many sites a term's sites are counted; from it on, estimated by the planner.
  df_cap constant int := 10000;
  tree text := querytree(q);
  q_lit text := quote_literal(q::text) || '::tsquery';
  iq_lit text := quote_literal(iq::text) || '::tsquery';
  -- The snippet's highlight marks: private-use characters, removed from the text first, so the
  -- service can split the snippet into plain and matched text (no markup ever reaches a page).
  mark_start constant text := chr(57344);
  mark_stop constant text := chr(57345);
  terms text[] := '{}';
  prefixes boolean[] := '{}';
  idfs float8[] := '{}';
  -- Each term's tsquery (a prefix marked), the idfs' order: what scored_rows scores.
  term_qs tsquery[] := '{}';
  body_match boolean;
  n_docs float8;
  df float8;
  term_n int;
  or_q tsquery;
  -- Any of the query's positive terms: what a snippet looks for and marks.
  snippet_q tsquery;
  partial_ids int[] := '{}';
  partial_sites int[] := '{}';
  partial_scores float8[] := '{}';
  partial_walk boolean;
  found int;
  ordered_through int := 0;
  has_tail boolean;
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
  head_ids int[] := '{}';
  head_tids tid[] := '{}';
  head_ranks float8[] := '{}';
  filled int;
  kept_ids int[];
  exact_tids tid[] := '{}';
  body_ids int[];
  walk_bound tid;
  partial_tids tid[];
  partial_row_ids int[];
  partial_ranks float8[];
  ids int[] := '{}';
  site_keys int[] := '{}';
  scores float8[] := '{}';
  more_ids int[];
  more_sites int[];
  more_scores float8[];
  complete boolean := true;
  estimate float8 := 0;
  candidates int;
  hits json;
BEGIN
  PERFORM set_config('jit', 'off', true), set_config('enable_seqscan', 'off', true), set_config('enable_indexscan', 'off', true),
    set_config('enable_bitmapscan', 'on', true), set_config('max_parallel_workers_per_gather', '0', true),
    set_config('plan_cache_mode', 'force_generic_plan', true);
  -- The query's positive terms (stemmed lexemes; prefixes marked) and their idf over the head
  -- vectors: while the table is small (under df_cap sites) N and each term's sites are counted
  -- (statistics of a fresh table are empty); from then on both come from the planner's
  -- statistics (reltuples; the estimate of the term's matches), which cost no scan: counting
  -- up to 10,000 matching rows per term made a search 4 times slower at 50k sites.
  -- A typo-corrected query is matched widened (typo OR typo* OR correction) but scored as
  -- the words as typed and as corrected (options.scoreQuery: their tsquery text). A prefix that
  -- another term completes ("wikiped:*" beside "wikipedia") would count the same word twice:
  -- it is left out of the score.
  WITH found_terms AS (
    SELECT replace(m[2], '''''', '''') AS term, bool_or(coalesce(m[3], '') <> '') AS prefix, min(n) AS first
    FROM regexp_matches(coalesce(options->>'scoreQuery', q::text), '(!?)''((?:[^'']|'''')+)''(:\*)?', 'g') WITH ORDINALITY AS r(m, n)
    WHERE m[1] = '' GROUP BY 1)
  SELECT coalesce(array_agg(t.term ORDER BY t.first), '{}'), coalesce(array_agg(t.prefix ORDER BY t.first), '{}')
    INTO terms, prefixes
    FROM found_terms t
    WHERE NOT (t.prefix AND EXISTS (SELECT 1 FROM found_terms o WHERE o.term <> t.term AND starts_with(o.term, t.term)));
  SELECT c.reltuples INTO n_docs FROM pg_class c WHERE c.oid = 'search.site_heads'::regclass;
  IF coalesce(n_docs, 0) < df_cap THEN
    SELECT count(*) INTO n_docs FROM search.site_heads;
  END IF;
  FOR term_n IN 1 .. cardinality(terms) LOOP
    term_qs := term_qs || (quote_literal(terms[term_n]) || CASE WHEN prefixes[term_n] THEN ':*' ELSE '' END)::tsquery;
    IF n_docs < df_cap THEN
      SELECT count(*) INTO df FROM search.site_heads h
        WHERE (h.head_vector @@ term_qs[term_n] AND h.id % 2 = 0) OR (h.head_vector @@ term_qs[term_n] AND h.id % 2 = 1);
    ELSE
      plan := search.plan_of(format('SELECT count(*) FROM search.site_heads h WHERE h.head_vector @@ %L::tsquery',
        term_qs[term_n]::text));
      df := coalesce((jsonb_path_query_first(plan, 'strict $.** ? (@."Relation Name" == "site_heads")."Plan Rows"'))::text::float8, 1);
    END IF;
    idfs := idfs || ln(1 + (greatest(n_docs, df) - df + 0.5) / (df + 0.5));
  END LOOP;
  -- A page-text match holds every term only when the query is terms joined by AND (no OR):
  -- only then does a term its head lacks earn the page-text credit (scored_rows).
  body_match := position('|' IN tree) = 0;

  -- A "phrase" whose other words are stop words ("for world") is one word: its matches are
  -- those of the index-only query, found and walked as a word's.
  IF q::text = iq::text THEN
    unpredictable := false;
    rechecks := false;
  END IF;

  -- "over -grammar" is exclusions alone once the stop word is gone: it matches nothing. Stop
  -- words alone ("who") can still name a site exactly (who.int): exact matches only.
  IF tree <> 'T' THEN
    SELECT coalesce(value::int, 0) INTO ordered_through FROM search.settings WHERE key = 'index.ordered-through';
    ordered_through := coalesce(ordered_through, 0);
    -- Whether any row was added since the last ordering (its first, by primary key): when none
    -- was, a bitmap's first matches are the best ranks and the tail's look-up (planned for each
    -- search) is skipped.
    PERFORM set_config('enable_indexscan', 'on', true);
    has_tail := EXISTS (SELECT 1 FROM search.site_heads h WHERE h.id > ordered_through);
    PERFORM set_config('enable_indexscan', 'off', true);
    SELECT c.reltuples INTO heads_rows FROM pg_class c WHERE c.oid = 'search.site_heads'::regclass;
    SELECT c.reltuples, c.relpages INTO bodies_rows, body_pages FROM pg_class c WHERE c.oid = 'search.site_bodies'::regclass;
    walk_heads_from := walk_above_share * sqrt(1e6 * greatest(coalesce(heads_rows, 0), 1));
    walk_bodies_from := walk_above_share * sqrt(1e6 * greatest(coalesce(bodies_rows, 0), 1));
    IF tree = '' THEN
      mode := 'exact only';
    ELSE
      -- The planner's estimates of the head and whole-document matches (no scan).
      plan := search.plan_of(format('SELECT (SELECT count(*) FROM search.site_heads h WHERE h.head_vector @@ %s),
          (SELECT count(*) FROM search.site_bodies b WHERE b.search_vector @@ %s)', iq_lit, q_lit));
      estimate_heads := coalesce((jsonb_path_query_first(plan, 'strict $.** ? (@."Relation Name" == "site_heads")."Plan Rows"'))::text::float8, 0);
      estimate_bodies := coalesce((jsonb_path_query_first(plan, 'strict $.** ? (@."Relation Name" == "site_bodies")."Plan Rows"'))::text::float8, 0);
      -- Within one site (site:) the whole index's estimate says nothing of the site's matches.
      estimate := CASE WHEN site_domain = '' THEN estimate_bodies ELSE 0 END;
      -- A common word (on walk_heads_from heads or more: 2 % at a million): walking the ranks
      -- (hot, shared pages) finds the best ones within some ten thousand narrow rows, where a
      -- bitmap decodes every match first. Phrases, which the planner estimates as all of their
      -- words, are never walked.
      walk := NOT unpredictable AND site_domain = '' AND estimate_heads >= walk_heads_from;
      mode := CASE WHEN walk THEN 'walk' ELSE 'bitmap' END;
    END IF;

    -- Head tier: the window's best static ranks among the head matches (with exclusions, also
    -- checked against the whole document), and the exact name matches whatever their rank,
    -- found by name ("IS TRUE" keeps the planner from finding them through the text index
    -- instead: it reads every document with the words when it underestimates them). Each
    -- statement is static, its plan generic and kept for the session; the plan's access path is
    -- the one the settings before it allow (the estimates above chose it), never the generic
    -- plan's guess of a bound tsquery's matches.
    IF mode = 'walk' THEN
      PERFORM set_config('enable_indexscan', 'on', true), set_config('enable_bitmapscan', 'off', true);
      SELECT coalesce(array_agg(w.id), '{}'), coalesce(array_agg(w.ctid), '{}') INTO head_ids, head_tids
        FROM (SELECT h.id, h.ctid FROM search.site_heads h WHERE h.head_vector @@ q
          ORDER BY h.static_rank DESC NULLS LAST, h.id LIMIT window_size) w;
      PERFORM set_config('enable_indexscan', 'off', true), set_config('enable_bitmapscan', 'on', true);
    ELSIF mode = 'bitmap' THEN
      IF site_domain = '' THEN
        -- Through both halves of the GIN index (one per id parity, built side by side).
        SELECT coalesce(array_agg(o.id) FILTER (WHERE o.hit), '{}'), coalesce(array_agg(o.ctid) FILTER (WHERE o.hit), '{}'),
            coalesce(array_agg(o.static_rank) FILTER (WHERE o.hit), '{}'), count(*)
          INTO head_ids, head_tids, head_ranks, filled
          FROM (SELECT h.id, h.ctid, h.static_rank, (NOT rechecks OR h.head_vector @@ q) AS hit FROM search.site_heads h
            WHERE ((h.head_vector @@ iq AND h.id % 2 = 0) OR (h.head_vector @@ iq AND h.id % 2 = 1)) LIMIT window_size) o;
      ELSE
        -- site: the domain's pages through the domain btree, each checked ("IS TRUE": not through
        -- the text index, whose bitmap of a common word holds most of the index).
        SELECT coalesce(array_agg(o.id) FILTER (WHERE o.hit), '{}'), coalesce(array_agg(o.ctid) FILTER (WHERE o.hit), '{}'),
            coalesce(array_agg(o.static_rank) FILTER (WHERE o.hit), '{}'), count(*)
          INTO head_ids, head_tids, head_ranks, filled
          FROM (SELECT h.id, h.ctid, h.static_rank, (NOT rechecks OR h.head_vector @@ q) AS hit FROM search.site_heads h
            WHERE h.domain = site_domain AND (h.head_vector @@ iq) IS TRUE LIMIT window_size) o;
      END IF;
      -- Sites added since the last ordering sit at the end of the table: when the first matches
      -- filled the window before reaching them, they join by rank (section 7).
      IF filled >= window_size AND has_tail THEN
        SELECT w.ids, w.tids INTO head_ids, head_tids
          FROM search.window_with_tail(head_ids, head_tids, head_ranks, q, ordered_through, '{}', site_domain, window_size) w;
      END IF;
    ELSIF site_domain <> '' THEN
      -- No words, one site ("site:example.org"): the site's pages, through the domain btree.
      SELECT coalesce(array_agg(o.id), '{}'), coalesce(array_agg(o.ctid), '{}') INTO head_ids, head_tids
        FROM (SELECT h.id, h.ctid, (NOT rechecks OR h.head_vector @@ q) AS hit FROM search.site_heads h
          WHERE h.domain = site_domain LIMIT window_size) o WHERE o.hit;
    END IF;
    -- The head matches' documents read at once (a bitmap over their ids: their pages are
    -- prefetched together), not one lookup after the other.
    IF exclusions THEN
      kept_ids := ARRAY(SELECT b.id FROM search.site_bodies b WHERE b.id = ANY(head_ids) AND b.search_vector @@ q);
      -- A filter, not a join: planned for arrays of unknown length, the join rescanned one
      -- array once per element of the other (27 ms at 1M against 9 for the look-up itself).
      SELECT coalesce(array_agg(f.id), '{}'), coalesce(array_agg(f.tid), '{}') INTO head_ids, head_tids
        FROM unnest(head_ids, head_tids) AS f(id, tid) WHERE f.id = ANY(kept_ids);
    END IF;
    head_matches := cardinality(head_ids);
    IF exact_text <> '' THEN
      exact_tids := ARRAY(SELECT h.ctid FROM search.site_heads h JOIN search.site_bodies b ON b.id = h.id
        WHERE (h.domain = exact_domain OR h.domain_label = exact_text OR h.title_key = exact_text)
          AND (numnode(q) = 0 OR (b.search_vector @@ q) IS TRUE) AND (site_domain = '' OR h.domain = site_domain)
        LIMIT exact_candidates);
    END IF;
    SELECT s.ids, s.site_keys, s.scores INTO ids, site_keys, scores
      FROM search.scored_rows(head_tids || exact_tids, term_qs, idfs, false) s;

    IF mode = 'exact only' THEN
      complete := true;
    ELSIF head_matches >= body_tier_below THEN
      complete := false;
    ELSE
      -- Page-text tier: whole-document matches read in table order (static-rank order) through
      -- the GIN index, the window's first; a phrase rechecked on at most bodyScanLimit sites
      -- holding its words. Common words (on walk_bodies_from documents or more: 2 % at a
      -- million): the best-ranked documents of the first pages read through instead (decoding
      -- every GIN entry costs 50-90 ms at 1M).
      bodies_rows := greatest(0, coalesce(bodies_rows, 0));
      IF bodies_rows > 0 AND estimate_bodies >= walk_bodies_from THEN
        body_walk_pages := greatest(1, ceil(body_walk_rows * body_pages / bodies_rows))::int;
      END IF;
      scan := CASE WHEN rechecks THEN greatest(body_scan_limit, window_size) ELSE window_size END;
      IF body_walk_pages IS NOT NULL THEN
        PERFORM set_config('enable_bitmapscan', 'off', true);
        walk_bound := format('(%s,0)', body_walk_pages)::tid;
        SELECT count(*), coalesce(array_agg(p.id), '{}') INTO scanned, body_ids
          FROM (SELECT b.id, b.static_rank FROM search.site_bodies b
            WHERE b.ctid < walk_bound AND b.search_vector @@ q
              AND (site_domain = '' OR b.id = ANY(ARRAY(SELECT h.id FROM search.site_heads h WHERE h.domain = site_domain)))
            LIMIT window_size) p;
        PERFORM set_config('enable_bitmapscan', 'on', true);
      ELSE
        -- Through both halves of the GIN index (one per id parity, built side by side); site:
        -- the domain's documents by id, each checked.
        IF site_domain = '' THEN
          SELECT count(*), coalesce((array_agg(p.id ORDER BY p.static_rank DESC NULLS LAST, p.id) FILTER (WHERE p.hit))[1:window_size], '{}')
            INTO scanned, body_ids
            FROM (SELECT b.id, b.static_rank, (NOT rechecks OR b.search_vector @@ q) AS hit FROM search.site_bodies b
              WHERE ((b.search_vector @@ iq AND b.id % 2 = 0) OR (b.search_vector @@ iq AND b.id % 2 = 1)) LIMIT scan) p;
        ELSE
          SELECT count(*), coalesce((array_agg(p.id ORDER BY p.static_rank DESC NULLS LAST, p.id) FILTER (WHERE p.hit))[1:window_size], '{}')
            INTO scanned, body_ids
            FROM (SELECT b.id, b.static_rank, (NOT rechecks OR b.search_vector @@ q) AS hit FROM search.site_bodies b
              WHERE b.id = ANY(ARRAY(SELECT h.id FROM search.site_heads h WHERE h.domain = site_domain))
                AND (b.search_vector @@ iq) IS TRUE LIMIT scan) p;
        END IF;
      END IF;
      SELECT s.ids, s.site_keys, s.scores INTO more_ids, more_sites, more_scores
        FROM search.scored_rows(ARRAY(SELECT h.ctid FROM search.site_heads h WHERE h.id = ANY(body_ids)), term_qs, idfs, body_match) s;
      ids := ids || more_ids;
      site_keys := site_keys || more_sites;
      scores := scores || more_scores;
      complete := body_walk_pages IS NULL AND scanned < scan;
    END IF;
  END IF;

  found := (SELECT count(DISTINCT x) FROM unnest(ids) x);

  -- Partial matches (ranking v3): a plain query of two or more words whose every-word matches do
  -- not fill the page also finds the head matches of ANY of its words, scored the same way
  -- (a missing word adds nothing) and placed after every full match. Not for phrases or
  -- exclusions (their meaning is exact). The answer says how many matches were full ('full'):
  -- a typo correction is shown only when it finds more full matches than the query as typed.
  IF mode IN ('walk', 'bitmap') AND NOT rechecks AND NOT exclusions AND cardinality(terms) >= 2
      AND found < page_offset + page_limit THEN
    or_q := array_to_string(ARRAY(SELECT quote_literal(t.term) || CASE WHEN t.prefix THEN ':*' ELSE '' END
      FROM unnest(terms, prefixes) AS t(term, prefix)), ' | ')::tsquery;
    -- Any of the words common (walk_heads_from): the best ranks walked, as in the head tier
    -- (a bitmap decodes every match of every word first: 17 ms for four words, one common,
    -- at 1M, against 3 ms walked).
    plan := search.plan_of(format('SELECT count(*) FROM search.site_heads h WHERE h.head_vector @@ %L::tsquery', or_q::text));
    partial_walk := site_domain = '' AND coalesce((jsonb_path_query_first(plan,
      'strict $.** ? (@."Relation Name" == "site_heads")."Plan Rows"'))::text::float8, 0) >= walk_heads_from;
    IF partial_walk THEN
      PERFORM set_config('enable_indexscan', 'on', true), set_config('enable_bitmapscan', 'off', true);
      partial_tids := ARRAY(SELECT h.ctid FROM search.site_heads h WHERE h.head_vector @@ or_q AND NOT (h.id = ANY(ids))
        ORDER BY h.static_rank DESC NULLS LAST, h.id LIMIT window_size);
      PERFORM set_config('enable_indexscan', 'off', true), set_config('enable_bitmapscan', 'on', true);
    ELSIF site_domain = '' THEN
      -- The first matches in table order, and when they fill the window the rows added since
      -- the last ordering too, the best ranks of both kept (section 7), as in the head tier.
      SELECT coalesce(array_agg(o.id), '{}'), coalesce(array_agg(o.ctid), '{}'), coalesce(array_agg(o.static_rank), '{}')
        INTO partial_row_ids, partial_tids, partial_ranks
        FROM (SELECT h.id, h.ctid, h.static_rank FROM search.site_heads h
          WHERE ((h.head_vector @@ or_q AND h.id % 2 = 0) OR (h.head_vector @@ or_q AND h.id % 2 = 1)) AND NOT (h.id = ANY(ids))
          LIMIT window_size) o;
      IF cardinality(partial_row_ids) >= window_size AND has_tail THEN
        SELECT w.tids INTO partial_tids
          FROM search.window_with_tail(partial_row_ids, partial_tids, partial_ranks, or_q, ordered_through, ids, '', window_size) w;
      END IF;
    ELSE
      partial_tids := ARRAY(SELECT h.ctid FROM search.site_heads h
        WHERE h.domain = site_domain AND (h.head_vector @@ or_q) IS TRUE AND NOT (h.id = ANY(ids)) LIMIT window_size);
    END IF;
    SELECT s.ids, s.site_keys, s.scores INTO partial_ids, partial_sites, partial_scores
      FROM search.scored_rows(partial_tids, term_qs, idfs, false) s;
  END IF;

  -- The result order (docs/search-ranking.md §3): full matches before partial ones, each by
  -- score descending, then id; at most perSite pages of one site (its best: full matches
  -- first), unless the query asks for one site (site:). Then the page's rows: the page's url,
  -- title and snippet, and its site's id, votes, stakes, analysis and crawl root (status and
  -- last error: what a result without insights says, read here so that a search's crawl
  -- demand needs no round trip of its own; its schedule and last crawl: a root the demand
  -- would not change is not sent, demandWouldChange in crawl-demand.ts); more_from_site when the cap left out a page of
  -- its site that matched (what "More from this site" would list). The snippet, built for
  -- these rows only, is the description with the query's words marked when its head vector
  -- says the description holds one, else the page text's indexed lead when its document says
  -- the lead holds one, else none (the words were in the title or URL): ts_headline tokenises
  -- the text it is given (about 0.5 ms per 1,000 characters), so only text known to match.
  -- The page's rows are looked up by primary key, one row each: index scans (a bitmap scan per
  -- row, as the tiers' settings would have it, cost a bitmap and a look at the relation's size
  -- each: fifty a page).
  PERFORM set_config('enable_indexscan', 'on', true);
  snippet_q := CASE WHEN cardinality(terms) = 0 THEN q
    ELSE array_to_string(ARRAY(SELECT quote_literal(t.term) || CASE WHEN t.prefix THEN ':*' ELSE '' END
      FROM unnest(terms, prefixes) AS t(term, prefix)), ' | ')::tsquery END;
  WITH candidate AS (
    SELECT DISTINCT ON (u.id) u.id, u.site_key, u.score, u.partial FROM (
      SELECT f.*, false AS partial FROM unnest(ids, site_keys, scores) AS f(id, site_key, score)
      UNION ALL SELECT p.*, true FROM unnest(partial_ids, partial_sites, partial_scores) AS p(id, site_key, score)) u
    ORDER BY u.id, u.partial, u.score DESC
  ), ranked AS (
    SELECT c.*, row_number() OVER (PARTITION BY c.site_key ORDER BY c.partial, c.score DESC, c.id) AS nth,
      count(*) OVER (PARTITION BY c.site_key) AS site_pages FROM candidate c
  ), placed AS MATERIALIZED (
    SELECT r.id, r.site_key, r.score, r.site_pages, row_number() OVER (ORDER BY r.partial, r.score DESC, r.id) AS position
    FROM ranked r WHERE site_domain <> '' OR r.nth <= per_site
  )
  SELECT (SELECT count(*) FROM placed),
    (SELECT json_agg(json_build_object('id', o.id, 'site_url', o.url, 'page_id', s.id, 'url', s.url, 'domain', s.domain,
        'title', s.title, 'description', s.description,
        'snippet', CASE
          WHEN ts_filter(h.head_vector, '{b}') @@ snippet_q THEN search.snippet_of(
            translate(s.description, mark_start || mark_stop, ''), snippet_q, mark_start, mark_stop)
          WHEN ts_filter(b.search_vector, '{d}') @@ snippet_q THEN search.snippet_of(
            translate(left(s.page_text, 1000), mark_start || mark_stop, ''), snippet_q, mark_start, mark_stop)
          ELSE '' END,
        'frenliness_score', o.frenliness_score, 'trust_score', o.trust_score, 'is_verified', o.is_verified, 'is_claimed', o.is_claimed,
        'upvotes', o.upvotes, 'downvotes', o.downvotes, 'total_staked', o.total_staked,
        'support_total', o.support_total, 'concern_total', o.concern_total, 'analysis_data', o.analysis_data,
        'indexed_at', s.indexed_at, 'analyzed_at', o.analyzed_at, 'score', p.score,
        'more_from_site', site_domain = '' AND p.site_pages > per_site,
        'crawl_status', r.status, 'crawl_error', r.last_error, 'crawl_next_at', r.next_crawl_at,
        'crawl_last_at', r.last_crawled_at) ORDER BY p.position)
     FROM placed p JOIN search.sites s ON s.id = p.id JOIN search.sites o ON o.id = p.site_key
       JOIN search.site_heads h ON h.id = p.id LEFT JOIN search.site_bodies b ON b.id = p.id
       LEFT JOIN search.crawl_roots r ON r.url = o.url
     WHERE p.position > page_offset AND p.position <= page_offset + page_limit)
  INTO candidates, hits;
  IF tree <> 'T' AND tree <> '' AND head_matches < body_tier_below THEN
    complete := complete AND found < window_size AND cardinality(partial_ids) < window_size;
  END IF;

  RETURN json_build_object('hits', coalesce(hits, '[]'::json), 'candidates', candidates, 'full', found, 'complete', complete,
    'estimate', estimate);
END $$;
