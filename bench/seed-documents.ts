/**
 * Seeds the documents benchmark database (`npm run bench:documents` runs it when needed; alone:
 * `npx tsx bench/seed-documents.ts`).
 *
 * Creates a fresh database (BENCH_DOCS_DB, default covenant_bench_docs) on the PostgreSQL server
 * named by BENCH_DATABASE_URL (default postgresql://postgres@127.0.0.1:5432/postgres), applies the
 * migrations, and writes one workspace with its administrator (bench-docs@example.test), a Member
 * who wrote and owns no document (BENCH_MEMBER), and BENCH_DOCS_COUNT documents (default 100,000):
 * skewed statuses, four languages, updatedAt over three years, an end date on half, a few
 * categories, folders and tags, one version each with one to three paragraphs of contract text, the
 * administrator's owner policy and the search vector (the app's own expression, `searchVectorSql`
 * of lib/documents/search-index.ts).
 *
 * Set-based and fast: the rows are generated here (a seeded random generator, so every run
 * writes the same data), sent in batches of 5,000 as one array per column (INSERT ... SELECT
 * FROM unnest(...)), the search vectors are computed by one UPDATE, and the secondary indexes
 * are dropped for the load and built again afterwards, then VACUUM ANALYZE.
 *
 * An existing database of that name is dropped first. Pass --drop to drop it and stop.
 */
import { randomBytes } from "node:crypto";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import pg from "pg";
import postgres from "postgres";

export const BENCH_USER = {
  email: "bench-docs@example.test",
  password: "Bench-docs-password-1",
  firstName: "Bea",
  lastName: "Bench",
} as const;

/**
 * A Member of the workspace who wrote and owns no document: the dashboard as most members of a
 * large workspace see it (bench/pages.ts), its work queue testing their own documents rather than
 * the workspace's pending requests.
 */
export const BENCH_MEMBER = { email: "bench-member@example.test", password: "Bench-member-password-1", firstName: "Mo" } as const;

/** Adds BENCH_MEMBER to the workspace when it is not there (a database seeded before it was); whether it did. */
export async function ensureBenchMember(client: pg.Client, accountId: string): Promise<boolean> {
  const { rows } = await client.query(`SELECT 1 FROM "User" WHERE email = $1`, [BENCH_MEMBER.email]);
  if (rows.length) return false;
  const { hashPassword } = await import("../lib/auth/crypto");
  const userId = `bm${randomBytes(11).toString("hex")}`;
  await client.query(
    `INSERT INTO "User" (id, email, "firstName", "lastName", "passwordHash", "emailVerified", tos, "tosAcceptedAt", language, "updatedAt")
     VALUES ($1, $2, $3, 'Member', $4, now(), true, now(), 'en', now())`,
    [userId, BENCH_MEMBER.email, BENCH_MEMBER.firstName, await hashPassword(BENCH_MEMBER.password)],
  );
  await client.query(
    `INSERT INTO "AccountPolicy" (id, "accountId", "userId", "roleId", "updatedAt")
     SELECT $1, $2, $3, r.id, now() FROM "AccountRole" r WHERE r.global AND r.name = 'Member'`,
    [`bp${randomBytes(11).toString("hex")}`, accountId, userId],
  );
  return true;
}

/** Words put into the text at a known rate, to search for: rare (about 0.1 %), and less rare (2 %). */
/**
 * Words to search: rare (0.1 % of the documents), uncommon (2 %), and common (a word of the
 * English vocabulary and names: about 54 % of the documents hold it).
 */
export const SEARCH_WORDS = { rare: "zirconium", uncommon: "moratorium", common: "agreement" } as const;
const RARE_RATE = 0.001;
const UNCOMMON_RATE = 0.02;

const BATCH = 5_000;
const DAY = 86_400_000;
const DOCX_MIME = "application/vnd.openxmlformats-officedocument.wordprocessingml.document";

export type SeedConfig = { baseDatabaseUrl: string; dbName: string; count: number; log?: (message: string) => void };
export type SeedResult = {
  databaseUrl: string;
  accountId: string;
  userId: string;
  documents: number;
  seconds: number;
  steps: Record<string, number>;
};

export const defaultSeedConfig = (): SeedConfig => ({
  baseDatabaseUrl: process.env.BENCH_DATABASE_URL ?? "postgresql://postgres@127.0.0.1:5432/postgres",
  dbName: process.env.BENCH_DOCS_DB ?? "covenant_bench_docs",
  count: Number(process.env.BENCH_DOCS_COUNT ?? 100_000),
});

export function databaseUrl(base: string, name: string): string {
  const url = new URL(base);
  url.pathname = `/${name}`;
  return url.toString();
}

const adminSql = (base: string) => postgres(base, { max: 1, onnotice: () => {} });

export async function dropBenchDatabase(base: string, name: string): Promise<void> {
  const sql = adminSql(base);
  try {
    await sql.unsafe(`drop database if exists "${name}" with (force)`);
  } finally {
    await sql.end();
  }
}

// ---------------------------------------------------------------------------------------------
// Generated data

/** mulberry32: a small seeded generator, so every seed writes the same rows. */
export function random(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
export type Rand = ReturnType<typeof random>;

/** Picks by weight: [[value, weight], ...]. */
function weighted<T>(entries: [T, number][]): (rand: Rand) => T {
  const total = entries.reduce((sum, [, w]) => sum + w, 0);
  const cumulative = entries.map(([value], i) => [value, entries.slice(0, i + 1).reduce((s, [, w]) => s + w, 0) / total] as const);
  return (rand) => {
    const r = rand();
    return (cumulative.find(([, c]) => r < c) ?? cumulative[cumulative.length - 1]!)[0];
  };
}

/** The 23 statuses, skewed as a live repository is: mostly active, signed and being drafted. */
const pickStatus = weighted<string>([
  ["active", 22],
  ["signed", 14],
  ["drafting", 12],
  ["negotiating", 6],
  ["completed", 6],
  ["expired", 5],
  ["toSign", 4],
  ["underReview", 4],
  ["initial", 3],
  ["signing", 3],
  ["toReview", 3],
  ["approved", 3],
  ["awaitingInput", 2],
  ["pendingAction", 2],
  ["underLegalReview", 2],
  ["toRenew", 2],
  ["renewed", 2],
  ["toExpire", 1.5],
  ["cancelled", 1.5],
  ["underFinanceReview", 1],
  ["underExternalReview", 1],
  ["rejected", 1],
  ["onHold", 1],
]);
const pickLanguage = weighted<Language>([
  ["en", 55],
  ["es", 20],
  ["pt", 15],
  ["ca", 10],
]);

export type Language = "en" | "es" | "ca" | "pt";

/** Contract vocabulary per language, most frequent first (picked with a Zipf-like skew). */
const WORDS: Record<Language, string[]> = {
  en: `the agreement party parties shall services supplier client payment term terms obligations confidential information
    notice period termination liability damages warranty warranties provider customer fees invoice invoices days written
    consent law governing jurisdiction dispute disputes arbitration clause clauses breach remedy remedies indemnify indemnity
    intellectual property rights license licence territory exclusive non-exclusive renewal effective date schedule annex
    deliverables acceptance performance standard reasonable efforts subcontractor personnel insurance coverage premium
    assignment successor waiver severability entire amendment counterpart signature authority representation compliance
    regulation data protection processing controller processor security audit records tax taxes currency interest late
    force majeure event delay suspension cure material adverse change control affiliate employee employees non-solicitation
    competition goods delivery shipment title risk loss inspection defect defects replacement refund price prices discount
    volume forecast order orders purchase lease premises landlord tenant rent deposit maintenance repair utilities escrow
    milestone budget cost costs expenses reimbursement travel approval approved prior notify receipt termination convenience`.split(/\s+/),
  es: `el contrato parte partes deberá servicios proveedor cliente pago plazo plazos obligaciones información confidencial
    aviso período terminación responsabilidad daños garantía garantías prestador honorarios factura facturas días escrito
    consentimiento ley aplicable jurisdicción controversia arbitraje cláusula cláusulas incumplimiento indemnización propiedad
    intelectual derechos licencia territorio exclusiva renovación fecha efectiva anexo entregables aceptación cumplimiento
    razonables subcontratista personal seguro cobertura prima cesión sucesor renuncia modificación firma representación
    normativa protección datos tratamiento responsable encargado seguridad auditoría registros impuestos moneda intereses
    mora fuerza mayor retraso suspensión subsanación cambio control filial empleados competencia bienes entrega envío riesgo
    pérdida inspección defectos sustitución reembolso precio precios descuento volumen pedido pedidos compra arrendamiento
    inmueble arrendador arrendatario renta fianza mantenimiento reparación suministros hito presupuesto coste costes gastos
    reembolso viajes aprobación previa notificar recepción conveniencia vigencia domicilio`.split(/\s+/),
  ca: `el contracte part parts haurà serveis proveïdor client pagament termini terminis obligacions informació confidencial
    avís període resolució responsabilitat danys garantia garanties prestador honoraris factura factures dies escrit
    consentiment llei aplicable jurisdicció controvèrsia arbitratge clàusula clàusules incompliment indemnització propietat
    intel·lectual drets llicència territori exclusiva renovació data efectiva annex lliurables acceptació compliment
    raonables subcontractista personal assegurança cobertura prima cessió successor renúncia modificació signatura
    normativa protecció dades tractament responsable encarregat seguretat auditoria registres impostos moneda interessos
    demora força major retard suspensió esmena canvi control filial empleats competència béns lliurament enviament risc
    pèrdua inspecció defectes substitució reemborsament preu preus descompte volum comanda comandes compra arrendament
    immoble arrendador arrendatari lloguer fiança manteniment reparació subministraments fita pressupost cost costos
    despeses viatges aprovació prèvia notificar recepció conveniència vigència domicili`.split(/\s+/),
  pt: `o contrato parte partes deverá serviços fornecedor cliente pagamento prazo prazos obrigações informação confidencial
    aviso período rescisão responsabilidade danos garantia garantias prestador honorários fatura faturas dias escrito
    consentimento lei aplicável jurisdição litígio arbitragem cláusula cláusulas incumprimento indemnização propriedade
    intelectual direitos licença território exclusiva renovação data efetiva anexo entregáveis aceitação cumprimento
    razoáveis subcontratado pessoal seguro cobertura prémio cessão sucessor renúncia alteração assinatura representação
    regulamento proteção dados tratamento responsável subcontratante segurança auditoria registos impostos moeda juros
    mora força maior atraso suspensão sanação alteração controlo afiliada trabalhadores concorrência bens entrega envio
    risco perda inspeção defeitos substituição reembolso preço preços desconto volume encomenda encomendas compra
    arrendamento imóvel senhorio inquilino renda caução manutenção reparação fornecimentos marco orçamento custo custos
    despesas viagens aprovação prévia notificar receção conveniência vigência domicílio`.split(/\s+/),
};

const KINDS: Record<Language, string[]> = {
  en: [
    "Service agreement",
    "Non-disclosure agreement",
    "Supply contract",
    "Lease",
    "Employment contract",
    "Consulting agreement",
    "Licence agreement",
    "Framework agreement",
    "Purchase order",
    "Data processing agreement",
  ],
  es: [
    "Contrato de servicios",
    "Acuerdo de confidencialidad",
    "Contrato de suministro",
    "Arrendamiento",
    "Contrato laboral",
    "Contrato de consultoría",
    "Contrato de licencia",
    "Acuerdo marco",
    "Orden de compra",
    "Contrato de encargo de tratamiento",
  ],
  ca: [
    "Contracte de serveis",
    "Acord de confidencialitat",
    "Contracte de subministrament",
    "Arrendament",
    "Contracte laboral",
    "Contracte de consultoria",
    "Contracte de llicència",
    "Acord marc",
    "Comanda de compra",
    "Contracte d'encàrrec de tractament",
  ],
  pt: [
    "Contrato de prestação de serviços",
    "Acordo de confidencialidade",
    "Contrato de fornecimento",
    "Arrendamento",
    "Contrato de trabalho",
    "Contrato de consultoria",
    "Contrato de licença",
    "Acordo-quadro",
    "Nota de encomenda",
    "Acordo de tratamento de dados",
  ],
};
const JURISDICTIONS: Record<Language, string[]> = {
  en: ["England and Wales", "New York", "Delaware", "Ireland", "California"],
  es: ["Madrid", "Barcelona", "México", "Buenos Aires", "Valencia"],
  ca: ["Barcelona", "Girona", "Andorra", "Lleida", "Tarragona"],
  pt: ["Lisboa", "Porto", "São Paulo", "Rio de Janeiro", "Braga"],
};
const CURRENCY: Record<Language, string> = { en: "USD", es: "EUR", ca: "EUR", pt: "EUR" };
const SYLLABLES = [
  "ac",
  "me",
  "lo",
  "tra",
  "vin",
  "sol",
  "nor",
  "ber",
  "quan",
  "tel",
  "mar",
  "dis",
  "ko",
  "ra",
  "pen",
  "ux",
  "el",
  "an",
  "ti",
  "gro",
];
const SUFFIXES = ["Ltd", "S.L.", "S.A.", "Inc.", "GmbH", "Lda.", "LLC", "SARL"];

/** A Zipf-like index into a word list: the first words are far more frequent than the last. */
const zipf = (rand: Rand, length: number) => Math.min(length - 1, Math.floor(Math.pow(length + 1, rand()) - 1));

export function paragraph(rand: Rand, language: Language, extra: string[] = []): string {
  const words = WORDS[language];
  const sentences: string[] = [];
  const count = 3 + Math.floor(rand() * 4);
  for (let s = 0; s < count; s++) {
    const length = 8 + Math.floor(rand() * 12);
    const sentence: string[] = [];
    for (let w = 0; w < length; w++) sentence.push(words[zipf(rand, words.length)]!);
    if (s === 1) sentence.splice(Math.floor(rand() * sentence.length), 0, ...extra);
    sentences.push(`${sentence.join(" ").replace(/^./, (c) => c.toUpperCase())}.`);
  }
  return sentences.join(" ");
}

function company(rand: Rand): string {
  const name = Array.from({ length: 2 + Math.floor(rand() * 2) }, () => SYLLABLES[Math.floor(rand() * SYLLABLES.length)]).join("");
  return `${name[0]!.toUpperCase()}${name.slice(1)} ${SUFFIXES[Math.floor(rand() * SUFFIXES.length)]}`;
}

const hex = (rand: Rand, length: number) => Array.from({ length }, () => Math.floor(rand() * 16).toString(16)).join("");
const iso = (ms: number) => new Date(ms).toISOString();

type Taxonomy = { categories: string[]; folders: string[]; tags: string[] };

/** One batch of documents, their first versions and their tags, as one array per column. */
function batch(rand: Rand, first: number, size: number, now: number, accountId: string, userId: string, taxonomy: Taxonomy) {
  const doc = {
    id: [] as string[],
    name: [] as string[],
    status: [] as string[],
    ref: [] as string[],
    language: [] as string[],
    jurisdiction: [] as string[],
    risk: [] as (number | null)[],
    priority: [] as (number | null)[],
    value: [] as (string | null)[],
    currency: [] as (string | null)[],
    startedAt: [] as (string | null)[],
    endedAt: [] as (string | null)[],
    archived: [] as boolean[],
    categoryId: [] as (string | null)[],
    folderId: [] as (string | null)[],
    createdAt: [] as string[],
    updatedAt: [] as string[],
  };
  const content = {
    id: [] as string[],
    documentId: [] as string[],
    name: [] as string[],
    path: [] as string[],
    size: [] as number[],
    text: [] as string[],
    createdAt: [] as string[],
  };
  const tags = { documentId: [] as string[], tagId: [] as string[] };
  for (let i = 0; i < size; i++) {
    const n = first + i + 1;
    const id = `d${hex(rand, 24)}`;
    const language = pickLanguage(rand);
    const kinds = KINDS[language];
    const name = `${kinds[Math.floor(rand() * kinds.length)]} — ${company(rand)}`;
    const updatedAt = now - Math.floor(rand() * 3 * 365 * DAY);
    const createdAt = updatedAt - Math.floor(rand() * 180 * DAY);
    const startedAt = createdAt + Math.floor(rand() * 30 * DAY);
    const ended = rand() < 0.5;
    const extra = [...(rand() < RARE_RATE ? [SEARCH_WORDS.rare] : []), ...(rand() < UNCOMMON_RATE ? [SEARCH_WORDS.uncommon] : [])];
    const paragraphs = Array.from({ length: 1 + Math.floor(rand() * 3) }, (_, p) => paragraph(rand, language, p === 0 ? extra : []));
    const text = paragraphs.join("\n");
    doc.id.push(id);
    doc.name.push(name);
    doc.status.push(pickStatus(rand));
    doc.ref.push(String(n));
    doc.language.push(language);
    doc.jurisdiction.push(JURISDICTIONS[language][Math.floor(rand() * 5)]!);
    doc.risk.push(rand() < 0.6 ? Math.floor(rand() * 6) : null);
    doc.priority.push(rand() < 0.4 ? Math.floor(rand() * 6) : null);
    const valued = rand() < 0.7;
    doc.value.push(valued ? (Math.round(rand() * 50_000_000) / 100).toFixed(2) : null);
    doc.currency.push(valued ? CURRENCY[language] : null);
    doc.startedAt.push(iso(startedAt));
    doc.endedAt.push(ended ? iso(startedAt + (365 + Math.floor(rand() * 2 * 365)) * DAY) : null);
    doc.archived.push(rand() < 0.02);
    doc.categoryId.push(rand() < 0.6 ? taxonomy.categories[zipf(rand, taxonomy.categories.length)]! : null);
    doc.folderId.push(rand() < 0.3 ? taxonomy.folders[Math.floor(rand() * taxonomy.folders.length)]! : null);
    doc.createdAt.push(iso(createdAt));
    doc.updatedAt.push(iso(updatedAt));
    content.id.push(`c${hex(rand, 24)}`);
    content.documentId.push(id);
    content.name.push(`${name}.docx`.slice(0, 255));
    content.path.push(`accounts/${accountId}/documents/${id}/v1.docx`);
    content.size.push(8_000 + text.length * 3);
    content.text.push(text);
    content.createdAt.push(iso(createdAt));
    if (rand() < 0.4) {
      const count = rand() < 0.7 ? 1 : 2;
      const start = Math.floor(rand() * taxonomy.tags.length);
      for (let t = 0; t < count; t++) {
        tags.documentId.push(id);
        tags.tagId.push(taxonomy.tags[(start + t) % taxonomy.tags.length]!);
      }
    }
  }
  void userId;
  return { doc, content, tags };
}

// ---------------------------------------------------------------------------------------------

/** Creates the database, the workspace and the documents; returns where and what. */
/** Audit rows a document has in the bench's workspace (seedAuditTrail). */
export const AUDIT_ROWS_PER_DOCUMENT = 3;

/**
 * The workspace's audit trail, as a workspace in use has one: three events a document, in time
 * order through the chain's trigger (docs/audit-chain.md): its creation and a later change by the
 * administrator (target the document), and a share link made for it (target the link, the
 * document in targetContext), which the document's activity lists too. The activity statement of
 * /d/{id}/view then picks its rows out of 300,000, not a handful. Nothing is written when the
 * workspace has them already, so the pages bench can add them to a database seeded before.
 */
export async function seedAuditTrail(client: pg.Client, accountId: string, userId: string): Promise<number> {
  const { rows } = await client.query<{ n: number }>(`SELECT count(*)::int AS n FROM "Audit" WHERE "accountId" = $1`, [accountId]);
  const { rows: documents } = await client.query<{ n: number }>(`SELECT count(*)::int AS n FROM "Document" WHERE "accountId" = $1`, [
    accountId,
  ]);
  if ((rows[0]?.n ?? 0) >= (documents[0]?.n ?? 0) * AUDIT_ROWS_PER_DOCUMENT) return 0;
  const inserted = await client.query(
    `INSERT INTO "Audit" (id, "accountId", "userId", "eventType", "targetType", "targetId", "targetContext", payload, via, "viaId", "createdAt")
     SELECT e.id, $1, e."userId", e."eventType", e."targetType", e."targetId", e."targetContext", e.payload, e.via, e."viaId", e."createdAt"
     FROM (
       SELECT 'au1' || substr(d.id, 2) AS id, $2::text AS "userId", 'document.created' AS "eventType", 'document' AS "targetType",
         d.id AS "targetId", NULL AS "targetContext", jsonb_build_object('name', d.name) AS payload, 'session' AS via, NULL AS "viaId",
         d."createdAt" AS "createdAt"
       FROM "Document" d WHERE d."accountId" = $1
       UNION ALL
       SELECT 'au2' || substr(d.id, 2), $2, 'document.updated', 'document', d.id, NULL, jsonb_build_object('fields', jsonb_build_array('name')),
         'session', NULL, d."createdAt" + (d."updatedAt" - d."createdAt") / 2
       FROM "Document" d WHERE d."accountId" = $1
       UNION ALL
       SELECT 'au3' || substr(d.id, 2), $2, 'link.created', 'documentLink', 'l' || substr(d.id, 2), d.id,
         jsonb_build_object('name', 'Client review', 'role', 'reader'), 'session', NULL, d."updatedAt"
       FROM "Document" d WHERE d."accountId" = $1
     ) e
     ORDER BY e."createdAt", e.id`,
    [accountId, userId],
  );
  await client.query(`ANALYZE "Audit"`);
  return inserted.rowCount ?? 0;
}

export async function seedDocuments(config: SeedConfig = defaultSeedConfig()): Promise<SeedResult> {
  const log = config.log ?? ((message: string) => console.log(`[seed] ${message}`));
  const steps: Record<string, number> = {};
  const started = Date.now();
  let mark = started;
  const step = (name: string) => {
    const now = Date.now();
    steps[name] = (now - mark) / 1000;
    mark = now;
    log(`${name}: ${steps[name]!.toFixed(1)} s`);
  };

  const url = databaseUrl(config.baseDatabaseUrl, config.dbName);
  await dropBenchDatabase(config.baseDatabaseUrl, config.dbName);
  const admin = adminSql(config.baseDatabaseUrl);
  try {
    await admin.unsafe(`create database "${config.dbName}"`);
  } finally {
    await admin.end();
  }
  const { applyMigrations } = await import("../lib/database/schema-engine");
  const { PrismaPg } = await import("@prisma/adapter-pg");
  await applyMigrations(new PrismaPg({ connectionString: url, max: 2 }));
  step("database and migrations");

  // The workspace through the app's own services (the Prisma client reads DATABASE_URL on first use).
  process.env.DATABASE_URL = url;
  const { db, disconnectDb } = await import("../lib/db");
  const { createAccountForOwner } = await import("../lib/accounts/create-account");
  const { anonymousContext } = await import("../lib/auth/context");
  const { hashPassword } = await import("../lib/auth/crypto");
  const { Prisma } = await import("../lib/generated/prisma/client");
  const { searchVectorSql } = await import("../lib/documents/search-index");
  const passwordHash = await hashPassword(BENCH_USER.password);
  const { user, account } = await db.$transaction(async (tx) => {
    const user = await tx.user.create({
      data: {
        email: BENCH_USER.email,
        firstName: BENCH_USER.firstName,
        lastName: BENCH_USER.lastName,
        passwordHash,
        emailVerified: new Date(),
        tos: true,
        tosAcceptedAt: new Date(),
        language: "en",
      },
    });
    const account = await createAccountForOwner(tx, anonymousContext({ via: "system" }), {
      name: "Benchmark Workspace",
      ownerId: user.id,
      slug: "bench-docs",
    });
    return { user, account };
  });
  await disconnectDb();
  step("workspace and administrator");

  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const rand = random(20261122);
    const now = Date.now();
    const accountId = account.id;
    const userId = user.id;

    // Categories, folders and tags of the workspace.
    const taxonomy: Taxonomy = { categories: [], folders: [], tags: [] };
    for (const [i, name] of ["Sales", "Procurement", "Human resources", "Real estate", "Legal", "Finance"].entries()) {
      const id = `cat_bench_${i}`;
      taxonomy.categories.push(id);
      await client.query(
        `INSERT INTO "Category" (id, "accountId", name, slug, "group", "updatedAt") VALUES ($1, $2, $3, $4, 'document', now())`,
        [id, accountId, name, name.toLowerCase().replace(/\s+/g, "-")],
      );
    }
    for (const [i, name] of [
      "Customers",
      "Suppliers",
      "Employees",
      "Offices",
      "Partners",
      "Archive 2024",
      "Board",
      "Licensing",
    ].entries()) {
      const id = `fold_bench_${i}`;
      taxonomy.folders.push(id);
      await client.query(`INSERT INTO "Folder" (id, "accountId", name, "group", "updatedAt") VALUES ($1, $2, $3, 'document', now())`, [
        id,
        accountId,
        name,
      ]);
    }
    for (const [i, name] of [
      "urgent",
      "renewal",
      "gdpr",
      "high value",
      "template",
      "legacy",
      "priority client",
      "audit",
      "framework",
      "international",
    ].entries()) {
      const id = `tag_bench_${i}`;
      taxonomy.tags.push(id);
      await client.query(`INSERT INTO "Tag" (id, "accountId", name, "updatedAt") VALUES ($1, $2, $3, now())`, [id, accountId, name]);
    }

    // Secondary indexes off for the load (their definitions kept), back on after the vectors.
    const { rows: indexes } = await client.query<{ name: string; definition: string }>(
      `SELECT i.indexname AS name, i.indexdef AS definition FROM pg_indexes i
       WHERE i.schemaname = 'public' AND i.tablename IN ('Document', 'DocumentContent', 'DocumentPolicy', '_DocumentToTag')
         AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conname = i.indexname)`,
    );
    for (const index of indexes) await client.query(`DROP INDEX "${index.name}"`);
    step(`taxonomy, ${indexes.length} secondary indexes dropped for the load`);

    for (let first = 0; first < config.count; first += BATCH) {
      const size = Math.min(BATCH, config.count - first);
      const { doc, content, tags } = batch(rand, first, size, now, accountId, userId, taxonomy);
      await client.query("BEGIN");
      await client.query(
        `INSERT INTO "Document" (id, "accountId", "authorId", name, status, ref, language, jurisdiction, risk, priority, value, currency,
           "startedAt", "endedAt", archived, "categoryId", "folderId", "createdAt", "updatedAt")
         SELECT id, $1, $2, name, status::"DocumentStatus", ref, language, jurisdiction, risk, priority, value::numeric, currency,
           "startedAt"::timestamp, "endedAt"::timestamp, archived, "categoryId", "folderId", "createdAt"::timestamp, "updatedAt"::timestamp
         FROM unnest($3::text[], $4::text[], $5::text[], $6::text[], $7::text[], $8::text[], $9::int[], $10::int[], $11::text[], $12::text[],
           $13::text[], $14::text[], $15::boolean[], $16::text[], $17::text[], $18::text[], $19::text[])
           AS t(id, name, status, ref, language, jurisdiction, risk, priority, value, currency, "startedAt", "endedAt", archived, "categoryId", "folderId", "createdAt", "updatedAt")`,
        [
          accountId,
          userId,
          doc.id,
          doc.name,
          doc.status,
          doc.ref,
          doc.language,
          doc.jurisdiction,
          doc.risk,
          doc.priority,
          doc.value,
          doc.currency,
          doc.startedAt,
          doc.endedAt,
          doc.archived,
          doc.categoryId,
          doc.folderId,
          doc.createdAt,
          doc.updatedAt,
        ],
      );
      await client.query(
        `INSERT INTO "DocumentContent" (id, "accountId", "documentId", "authorId", version, name, mimetype, path, size, text, "createdAt")
         SELECT id, $1, "documentId", $2, 1, name, $3, path, size, text, "createdAt"::timestamp
         FROM unnest($4::text[], $5::text[], $6::text[], $7::text[], $8::int[], $9::text[], $10::text[]) AS t(id, "documentId", name, path, size, text, "createdAt")`,
        [
          accountId,
          userId,
          DOCX_MIME,
          content.id,
          content.documentId,
          content.name,
          content.path,
          content.size,
          content.text,
          content.createdAt,
        ],
      );
      await client.query(`INSERT INTO "_DocumentToTag" ("A", "B") SELECT * FROM unnest($1::text[], $2::text[])`, [
        tags.documentId,
        tags.tagId,
      ]);
      await client.query("COMMIT");
      if ((first / BATCH) % 5 === 4 || first + size >= config.count) log(`  ${first + size} documents`);
    }
    step(`${config.count} documents, versions and tags`);

    // The administrator owns every document (as insertDocuments gives the author).
    await client.query(
      `INSERT INTO "DocumentPolicy" (id, "accountId", "documentId", "userId", role, status, "createdAt", "updatedAt")
       SELECT 'p' || substr(d.id, 2), d."accountId", d.id, $2, 'owner', 'active', d."createdAt", d."createdAt" FROM "Document" d WHERE d."accountId" = $1`,
      [accountId, userId],
    );
    await client.query(`UPDATE "Account" SET settings = jsonb_set(settings, '{refCounter}', to_jsonb($2::int)) WHERE id = $1`, [
      accountId,
      config.count,
    ]);
    step("owner policies");

    // Approvals and signatures as a workspace in use has them (the dashboard's work queue): a
    // document to review waits for one approval, one being signed for two signatures; an approved
    // document has its approval given, a signed one its two signatures made.
    await client.query(
      `INSERT INTO "Approval" (id, "accountId", "documentId", email, "requestedAt", "approvedAt", "createdAt", "updatedAt")
       SELECT 'a' || substr(d.id, 2), d."accountId", d.id, 'approver@example.test', d."updatedAt",
         CASE WHEN d.status = 'toReview' THEN NULL ELSE d."updatedAt" END, d."updatedAt", d."updatedAt"
       FROM "Document" d WHERE d."accountId" = $1 AND d.status IN ('toReview', 'approved')`,
      [accountId],
    );
    await client.query(
      `INSERT INTO "Signature" (id, "accountId", "documentId", email, "order", "requestedAt", "signedAt", "createdAt", "updatedAt")
       SELECT 's' || n || substr(d.id, 2), d."accountId", d.id, 'signer' || n || '@example.test', n, d."updatedAt",
         CASE WHEN d.status = 'signing' THEN NULL ELSE d."updatedAt" END, d."updatedAt", d."updatedAt"
       FROM "Document" d, generate_series(1, 2) n WHERE d."accountId" = $1 AND d.status IN ('signing', 'signed')`,
      [accountId],
    );
    step("approvals and signatures");

    await seedAuditTrail(client, accountId, userId);
    step("audit trail");

    await ensureBenchMember(client, accountId);
    step("a member without documents");

    // The search vectors: one UPDATE with the app's expression (refreshSearchIndex's), over the text of every version.
    const update = Prisma.sql`
      UPDATE "Document" d SET search = ${searchVectorSql(Prisma.sql`c.body`)}
      FROM (SELECT "documentId", string_agg(text, ' ' ORDER BY version DESC) AS body FROM "DocumentContent" GROUP BY "documentId") c
      WHERE c."documentId" = d.id AND d."accountId" = ${accountId}`;
    await client.query(update.text, update.values as unknown[]);
    step("search vectors (one UPDATE)");

    await client.query(`SET maintenance_work_mem = '256MB'`);
    for (const index of indexes) await client.query(index.definition);
    step(`${indexes.length} indexes built`);
    await client.query(
      `VACUUM (ANALYZE) "Document", "DocumentContent", "DocumentPolicy", "_DocumentToTag", "Tag", "Category", "Folder", "Approval", "Signature", "Audit"`,
    );
    step("VACUUM ANALYZE");

    const seconds = (Date.now() - started) / 1000;
    log(`seeded ${config.count} documents into ${config.dbName} in ${seconds.toFixed(1)} s`);
    return { databaseUrl: url, accountId, userId, documents: config.count, seconds, steps };
  } finally {
    await client.end();
  }
}

// `npx tsx bench/seed-documents.ts [--drop]`
if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  const config = defaultSeedConfig();
  process.chdir(path.resolve(path.dirname(fileURLToPath(import.meta.url)), ".."));
  const action = process.argv.includes("--drop")
    ? dropBenchDatabase(config.baseDatabaseUrl, config.dbName).then(() => console.log(`[seed] dropped ${config.dbName}`))
    : seedDocuments(config).then((result) => console.log(`[seed] DATABASE_URL=${result.databaseUrl}`));
  action.catch((error: unknown) => {
    console.error(`[seed] failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
    process.exit(1);
  });
}
