-- Full-text search over templates (lib/templates/template-search.ts keeps it current on every write).
ALTER TABLE "Template" ADD COLUMN "search" tsvector;

-- CreateIndex
CREATE INDEX "Template_search_idx" ON "Template" USING GIN ("search");

-- The templates stored so far: name and description weighted first, then the file's text kept in
-- metadata.text, word for word and stemmed in the template's language (templateSearchVectorSql).
UPDATE "Template" t SET "search" =
  setweight(to_tsvector('simple'::regconfig, coalesce(t."name", '') || ' ' || coalesce(t."description", '')), 'A') ||
  setweight(to_tsvector(CASE split_part(lower(coalesce(t."language", '')), '-', 1)
      WHEN 'en' THEN 'english'::regconfig WHEN 'es' THEN 'spanish'::regconfig
      WHEN 'ca' THEN 'catalan'::regconfig WHEN 'pt' THEN 'portuguese'::regconfig ELSE 'simple'::regconfig END,
    coalesce(t."name", '') || ' ' || coalesce(t."description", '')), 'A') ||
  to_tsvector('simple'::regconfig, left(coalesce(t."metadata"->>'text', ''), 300000)) ||
  to_tsvector(CASE split_part(lower(coalesce(t."language", '')), '-', 1)
      WHEN 'en' THEN 'english'::regconfig WHEN 'es' THEN 'spanish'::regconfig
      WHEN 'ca' THEN 'catalan'::regconfig WHEN 'pt' THEN 'portuguese'::regconfig ELSE 'simple'::regconfig END,
    left(coalesce(t."metadata"->>'text', ''), 300000));
