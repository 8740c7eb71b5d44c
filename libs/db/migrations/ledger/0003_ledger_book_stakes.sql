-- Group commit of stakes: many stakes booked by one call, one round trip and one commit.
-- Each element is booked exactly as the single booking statement books one stake (see
-- services/ledger/src/stakes/stake-booking.repository.ts): the amount leaves the user only if
-- the balance covers it and the site has a pool; then the pool, the site's totals, the journal
-- transaction with its two entries, the stake row and its outbox event. An element that cannot
-- be booked (balance too low, no pool) writes nothing and returns no row; the others go on.
-- Locks are taken first, in the order every booking takes them (user accounts, then pools,
-- then site counters; each set sorted), so concurrent batches and single bookings never
-- deadlock. Any error aborts the whole call; the service then books its elements one by one.
CREATE FUNCTION "ledger"."book_stakes"(batch jsonb)
RETURNS TABLE (ord int, balance bigint, support_total bigint, concern_total bigint, version bigint, domain text)
LANGUAGE plpgsql AS $$
#variable_conflict use_column
DECLARE
  s record;
BEGIN
  PERFORM 1 FROM "ledger"."accounts" a
  WHERE a.user_id IN (SELECT DISTINCT x."userId" FROM jsonb_to_recordset(batch) AS x("userId" text))
  ORDER BY a.id FOR UPDATE;
  PERFORM 1 FROM "ledger"."accounts" a
  WHERE a.site_id IN (SELECT DISTINCT x."siteId" FROM jsonb_to_recordset(batch) AS x("siteId" int))
  ORDER BY a.id FOR UPDATE;
  PERFORM 1 FROM "ledger"."site_stats" t
  WHERE t.site_id IN (SELECT DISTINCT x."siteId" FROM jsonb_to_recordset(batch) AS x("siteId" int))
  ORDER BY t.site_id FOR UPDATE;

  FOR s IN
    SELECT (e.n - 1)::int AS i, e.*
    FROM ROWS FROM (jsonb_to_recordset(batch) AS (
      "stakeId" uuid, "userId" text, "siteId" int, amount bigint, type text, message text,
      "createdAt" timestamptz, "eventId" uuid, topic text, key text, payload jsonb, headers jsonb,
      "occurredAt" timestamptz)) WITH ORDINALITY AS e(
      "stakeId", "userId", "siteId", amount, type, message, "createdAt", "eventId", topic, key, payload, headers,
      "occurredAt", n)
  LOOP
    RETURN QUERY
    WITH debit AS (
      UPDATE "ledger"."accounts" a SET balance = a.balance - s.amount
      WHERE a.user_id = s."userId" AND a.balance >= s.amount
        AND EXISTS (SELECT 1 FROM "ledger"."accounts" p WHERE p.site_id = s."siteId")
      RETURNING a.id, a.balance
    ), pool AS (
      UPDATE "ledger"."accounts" p SET balance = p.balance + s.amount
      FROM debit
      WHERE p.site_id = s."siteId"
      RETURNING p.id
    ), totals AS (
      UPDATE "ledger"."site_stats" t
      SET support_total = t.support_total + CASE WHEN s.type = 'support' THEN s.amount ELSE 0 END,
          concern_total = t.concern_total + CASE WHEN s.type = 'concern' THEN s.amount ELSE 0 END,
          version = t.version + 1
      FROM pool
      WHERE t.site_id = s."siteId"
      RETURNING t.support_total, t.concern_total, t.version
    ), movement AS (
      INSERT INTO "ledger"."journal_transactions" (kind, reference)
      SELECT 'stake', s."stakeId"::text FROM totals
      RETURNING id
    ), entries AS (
      INSERT INTO "ledger"."journal_entries" (transaction_id, account_id, amount)
      SELECT movement.id, debit.id, -s.amount FROM movement, debit
      UNION ALL
      SELECT movement.id, pool.id, s.amount FROM movement, pool
    ), placed AS (
      INSERT INTO "ledger"."stakes" (id, user_id, site_id, amount, type, message, transaction_id, created_at)
      SELECT s."stakeId", s."userId", s."siteId", s.amount::int, s.type, s.message, movement.id, s."createdAt"
      FROM movement
      RETURNING id
    ), published AS (
      INSERT INTO "ledger"."outbox" (event_id, topic, key, payload, headers, created_at)
      SELECT s."eventId", s.topic, s.key,
             s.payload || jsonb_build_object(
               'totalStaked', totals.support_total + totals.concern_total,
               'supportTotal', totals.support_total,
               'concernTotal', totals.concern_total,
               'siteVersion', totals.version),
             s.headers, s."occurredAt"
      FROM totals, placed
      RETURNING event_id
    )
    SELECT s.i, debit.balance::bigint, totals.support_total::bigint, totals.concern_total::bigint, totals.version::bigint,
           (SELECT k.domain FROM "ledger"."known_sites" k WHERE k.site_id = s."siteId")
    FROM debit, totals;
  END LOOP;
END;
$$;
