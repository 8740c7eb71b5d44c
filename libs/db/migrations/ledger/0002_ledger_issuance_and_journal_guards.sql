-- The single issuance account: signup grants are debited from it, so every balance adds up to zero.
INSERT INTO "ledger"."accounts" ("kind") VALUES ('issuance') ON CONFLICT DO NOTHING;
--> statement-breakpoint
-- Double entry, checked by the database at commit: the entries of a journal transaction add up to zero.
CREATE FUNCTION "ledger"."journal_transaction_balances"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  total numeric;
BEGIN
  SELECT coalesce(sum(amount), 0) INTO total FROM "ledger"."journal_entries" WHERE transaction_id = NEW.transaction_id;
  IF total <> 0 THEN
    RAISE EXCEPTION 'journal transaction % does not balance (entries add up to %)', NEW.transaction_id, total
      USING ERRCODE = 'check_violation';
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "journal_entries_balance" AFTER INSERT ON "ledger"."journal_entries"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "ledger"."journal_transaction_balances"();
--> statement-breakpoint
-- The journal is append-only: a correction is a new transaction, never an edit.
CREATE FUNCTION "ledger"."journal_is_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION '% is append-only: % refused', TG_TABLE_NAME, TG_OP USING ERRCODE = 'restrict_violation';
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "journal_entries_append_only" BEFORE UPDATE OR DELETE ON "ledger"."journal_entries"
  FOR EACH ROW EXECUTE FUNCTION "ledger"."journal_is_append_only"();
--> statement-breakpoint
CREATE TRIGGER "journal_transactions_append_only" BEFORE UPDATE OR DELETE ON "ledger"."journal_transactions"
  FOR EACH ROW EXECUTE FUNCTION "ledger"."journal_is_append_only"();
