-- AlterTable
ALTER TABLE "Audit" ADD COLUMN     "hash" TEXT,
ADD COLUMN     "previousHash" TEXT,
ADD COLUMN     "sequence" INTEGER;

-- CreateIndex
CREATE UNIQUE INDEX "Audit_accountId_sequence_key" ON "Audit"("accountId", "sequence");

-- The text a row's hash covers: every field that says who did what, when and from where, each as
-- <bytes>:<value> (or ~ for null) so that no two different rows give the same text, after the
-- previous row's hash. lib/audit/audit-chain.ts computes the same text to verify an export.
CREATE OR REPLACE FUNCTION audit_chain_text(row_value "Audit") RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT string_agg(CASE WHEN field IS NULL THEN '~' ELSE octet_length(field)::text || ':' || field END, '|' ORDER BY position)
  FROM unnest(ARRAY[
    row_value."previousHash", row_value."sequence"::text, row_value."id", row_value."accountId", row_value."userId",
    row_value."toUserId", row_value."eventType", row_value."targetType", row_value."targetId", row_value."targetContext",
    row_value."payload"::text, row_value."via", row_value."viaId", row_value."ip", row_value."userAgent",
    to_char(row_value."createdAt", 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')
  ]) WITH ORDINALITY AS fields(field, position)
$$;

-- Chains each new row to the last one of its account: one writer per account at a time (a
-- transaction-scoped advisory lock, held until commit), so the chain stays a single line.
CREATE OR REPLACE FUNCTION audit_chain() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  last_sequence integer;
  last_hash text;
BEGIN
  PERFORM pg_advisory_xact_lock(7316, hashtext(coalesce(NEW."accountId", '')));
  IF NEW."accountId" IS NULL THEN
    SELECT "sequence", "hash" INTO last_sequence, last_hash FROM "Audit"
    WHERE "accountId" IS NULL AND "sequence" IS NOT NULL ORDER BY "sequence" DESC LIMIT 1;
  ELSE
    SELECT "sequence", "hash" INTO last_sequence, last_hash FROM "Audit"
    WHERE "accountId" = NEW."accountId" AND "sequence" IS NOT NULL ORDER BY "sequence" DESC LIMIT 1;
  END IF;
  NEW."sequence" := coalesce(last_sequence, 0) + 1;
  NEW."previousHash" := last_hash;
  NEW."hash" := encode(sha256(convert_to(audit_chain_text(NEW), 'UTF8')), 'hex');
  RETURN NEW;
END
$$;

-- The rows written before the chain, chained in the order they were written.
DO $$
DECLARE
  audit_row "Audit";
  chain_account text := NULL;
  first_row boolean := true;
  last_sequence integer;
  last_hash text;
BEGIN
  FOR audit_row IN SELECT * FROM "Audit" ORDER BY "accountId" NULLS FIRST, "createdAt", "id" LOOP
    IF first_row OR audit_row."accountId" IS DISTINCT FROM chain_account THEN
      chain_account := audit_row."accountId";
      last_sequence := 0;
      last_hash := NULL;
      first_row := false;
    END IF;
    audit_row."sequence" := last_sequence + 1;
    audit_row."previousHash" := last_hash;
    audit_row."hash" := encode(sha256(convert_to(audit_chain_text(audit_row), 'UTF8')), 'hex');
    UPDATE "Audit" SET "sequence" = audit_row."sequence", "previousHash" = audit_row."previousHash", "hash" = audit_row."hash"
    WHERE "id" = audit_row."id";
    last_sequence := audit_row."sequence";
    last_hash := audit_row."hash";
  END LOOP;
END
$$;

CREATE TRIGGER audit_chain BEFORE INSERT ON "Audit" FOR EACH ROW EXECUTE FUNCTION audit_chain();
