-- CreateTable
CREATE TABLE "DocumentCount" (
    "accountId" TEXT NOT NULL,
    "archived" BOOLEAN NOT NULL,
    "total" INTEGER NOT NULL,

    CONSTRAINT "DocumentCount_pkey" PRIMARY KEY ("accountId","archived")
);

-- The list's total without counting (lib/documents/document-list-sql.ts): how many documents each
-- account holds, archived or not, kept by the triggers below in the same transaction as the write,
-- so the total is exact. Counting 100,000 documents read every index entry (about 7 ms); counting
-- up to 10,000 still read 10,001.
-- Before it touches an account's count, a change takes that account's audit-chain lock (the
-- advisory lock of audit_chain, held until commit), which every audited write takes anyway. So a
-- transaction that writes a document and then its audit row, and one that writes an audit row and
-- then a document, queue on one lock in one order and never deadlock on the count's row; and the
-- rows are taken in one order (account, then not archived before archived).
CREATE FUNCTION document_count_change("account" TEXT, "isArchived" BOOLEAN, "delta" INTEGER) RETURNS void LANGUAGE sql AS $$
  SELECT pg_advisory_xact_lock(7316, hashtext("account"));
  INSERT INTO "DocumentCount" ("accountId", "archived", "total") VALUES ("account", "isArchived", "delta")
  ON CONFLICT ("accountId", "archived") DO UPDATE SET "total" = "DocumentCount"."total" + EXCLUDED."total";
$$;

-- Inserted documents, once per statement (an import of thousands adds each account's number once).
CREATE FUNCTION document_count_added() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM document_count_change(a."accountId", a."archived", a."n"::int)
  FROM (SELECT "accountId", "archived", count(*) AS "n" FROM "added" GROUP BY 1, 2 ORDER BY 1, 2) a;
  RETURN NULL;
END $$;

-- Deleted documents, once per statement; a count that reaches zero goes (an account's last
-- documents deleted with it leave nothing behind).
CREATE FUNCTION document_count_removed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM document_count_change(r."accountId", r."archived", -r."n"::int)
  FROM (SELECT "accountId", "archived", count(*) AS "n" FROM "removed" GROUP BY 1, 2 ORDER BY 1, 2) r;
  DELETE FROM "DocumentCount" c USING (SELECT DISTINCT "accountId", "archived" FROM "removed") r
  WHERE c."accountId" = r."accountId" AND c."archived" = r."archived" AND c."total" = 0;
  RETURN NULL;
END $$;

-- A document archived, restored or moved: one less where it was, one more where it is, in the
-- rows' order.
CREATE FUNCTION document_count_moved() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF (OLD."accountId", OLD."archived") < (NEW."accountId", NEW."archived") THEN
    PERFORM document_count_change(OLD."accountId", OLD."archived", -1);
    PERFORM document_count_change(NEW."accountId", NEW."archived", 1);
  ELSE
    PERFORM document_count_change(NEW."accountId", NEW."archived", 1);
    PERFORM document_count_change(OLD."accountId", OLD."archived", -1);
  END IF;
  RETURN NULL;
END $$;

CREATE TRIGGER document_count_added AFTER INSERT ON "Document"
  REFERENCING NEW TABLE AS "added" FOR EACH STATEMENT EXECUTE FUNCTION document_count_added();
CREATE TRIGGER document_count_removed AFTER DELETE ON "Document"
  REFERENCING OLD TABLE AS "removed" FOR EACH STATEMENT EXECUTE FUNCTION document_count_removed();
CREATE TRIGGER document_count_moved AFTER UPDATE OF "archived", "accountId" ON "Document" FOR EACH ROW
  WHEN (OLD."archived" IS DISTINCT FROM NEW."archived" OR OLD."accountId" IS DISTINCT FROM NEW."accountId")
  EXECUTE FUNCTION document_count_moved();

-- The documents already there.
INSERT INTO "DocumentCount" ("accountId", "archived", "total")
SELECT "accountId", "archived", count(*)::int FROM "Document" GROUP BY 1, 2;
