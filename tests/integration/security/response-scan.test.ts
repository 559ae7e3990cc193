import { readdirSync } from "node:fs";
import path from "node:path";
import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import {
  getNamedType,
  isEnumType,
  isInputObjectType,
  isListType,
  isNonNullType,
  isObjectType,
  isScalarType,
  type GraphQLField,
  type GraphQLInputType,
  type GraphQLObjectType,
} from "graphql";
import { db } from "@/lib/db";
import { updateBillingDetails } from "@/lib/billing/billing-details";
import { localToken } from "@/lib/billing/local-cards";
import { createPaymentMethod } from "@/lib/billing/payment-methods";
import { upsertSubscription } from "@/lib/billing/subscriptions";
import { anonymousContext } from "@/lib/auth/context";
import { GLOBAL_ROLE_IDS } from "@/lib/accounts/create-account";
import { createAccountToken } from "@/lib/accounts/account-tokens";
import { inviteMembers } from "@/lib/accounts/invite-members";
import { createCategory } from "@/lib/categories/save-category";
import { createTag } from "@/lib/tags/tags";
import { createFolder } from "@/lib/folders/folders";
import { createTemplate, publishUnpublishTemplate } from "@/lib/templates/templates";
import { createDocumentFromUpload } from "@/lib/documents/create-document";
import { addDocumentAttachment } from "@/lib/documents/add-document-attachment";
import { addDocumentComment } from "@/lib/documents/document-comments";
import { createDocumentRelation } from "@/lib/documents/create-document-relation";
import { createReminder } from "@/lib/reminders/reminders";
import { createDocumentLink } from "@/lib/links/document-links";
import { validateDocumentLink } from "@/lib/links/validate-document-link";
import { schema } from "@/lib/graphql/schema";
import { addMember, createAccount, createUser, signedInAs } from "@/tests/factories";
import { graphql } from "@/tests/factories/graphql";
import { jsonRequest } from "@/tests/factories/http";
import { makeDocx } from "@/tests/fixtures/docx";
import { createApproval } from "@/lib/approvals/create-approval";
import { requestApprovals } from "@/lib/approvals/request-approvals";
import { approvalLink } from "@/lib/approvals/approval-emails";
import { createParty } from "@/lib/signatures/manage-parties";
import { addSigner } from "@/lib/signatures/manage-signers";

/**
 * The response scan (security issue 13): every REST route under app/vapp and app/v1 and every
 * GraphQL query field, called as an administrator, a member, a guest, an anonymous visitor, a
 * share-link visitor and an API token on seeded data. No answer may carry a password hash, a
 * token or key hash, key material, or any private field of another user (the "victim", a member
 * who never calls anything, whose private fields hold unique markers). Routes and query fields
 * are found by walking the tree and the schema: a new one is scanned without editing this file.
 */

const ROOT = path.resolve(import.meta.dirname, "../../..");
const run = randomUUID().slice(0, 8);

/** The victim's private fields: none may reach anyone else. */
const VICTIM = {
  phone: `+3460${run.replace(/\D/g, "").padEnd(7, "7").slice(0, 7)}`,
  signatureEmail: `victim-signature-${run}@example.test`,
  feedbackId: `VICTIM-FEEDBACK-${run}`,
  timezone: "Pacific/Chatham",
  metadata: { hasSeenWelcomeTour: true, marker: `VICTIM-METADATA-${run}` },
  emailPreferences: { successApprovals: false, docSigned: true, signs: true, tips: false, marker: `VICTIM-PREFERENCES-${run}` },
};

type Caller = { name: string; headers: Record<string, string> };
type Seed = {
  callers: Caller[];
  admin: Caller;
  ids: Record<string, string>;
  /** Strings that must appear in no answer (hashes, keys, the victim's private values). */
  forbidden: string[];
};
let seed: Seed;

beforeAll(async () => {
  const { account, owner } = await createAccount("Scan");
  const admin = await signedInAs(owner.id, account.id);
  const member = await addMember(account.id, "Member");
  const guest = await addMember(account.id, "Guest");
  const victim = await createUser({ firstName: "Victor" });
  await addMember(account.id, "Member", victim);
  await db.user.update({ where: { id: victim.id }, data: { ...VICTIM, internal: true } });
  const victimCtx = (await signedInAs(victim.id, account.id)).ctx;

  const category = await createCategory(admin.ctx, { name: `Scan ${run}`, group: "document" });
  const tag = await createTag(admin.ctx, { name: `Scan ${run}`, color: "#123456" });
  const folder = await createFolder(admin.ctx, { name: `Scan ${run}`, group: "document", parentId: null });
  const template = await createTemplate(
    admin.ctx,
    { name: "Scan template" },
    { name: "scan.docx", bytes: makeDocx(["Between [client] and us."]) },
  );
  await publishUnpublishTemplate(admin.ctx, template.id, true);
  // The victim owns the document: their user appears in its policies, author, comments.
  const document = await createDocumentFromUpload(
    victimCtx,
    { name: "Scan contract" },
    { name: "scan.docx", bytes: makeDocx(["Scan terms"]) },
  );
  const annex = await createDocumentFromUpload(victimCtx, { name: "Scan annex" }, { name: "annex.docx", bytes: makeDocx(["Annex"]) });
  for (const user of [owner, member, guest]) {
    await db.documentPolicy.create({
      data: { accountId: account.id, documentId: document.id, userId: user.id, role: user === guest ? "reader" : "editor" },
    });
  }
  const relation = await createDocumentRelation(victimCtx, document.id, { toDocumentId: annex.id, type: "annex" });
  const attachment = await addDocumentAttachment(victimCtx, document.id, { name: "annex.docx", bytes: makeDocx(["Annex of the victim"]) });
  const comment = await addDocumentComment(victimCtx, document.id, { body: "A note of the victim", kind: "comment" });
  const link = await createDocumentLink(victimCtx, document.id, { name: "Client", role: "commenter" });
  const reminder = await createReminder(victimCtx, document.id, {
    name: "Scan reminder",
    notifyAt: new Date(Date.now() + 86_400_000),
    contacts: [{ name: "Victor", email: victim.email }],
  });
  const visit = await validateDocumentLink(anonymousContext(), link.id);
  if (visit.status !== "valid") throw new Error("The scan's share link did not open");
  const invited = await inviteMembers(admin.ctx, { emails: [`scan-invitee-${run}@example.test`], roleId: GLOBAL_ROLE_IDS.Member });
  const token = await createAccountToken(admin.ctx, { name: "Scan integration" });
  const role = await db.accountRole.create({ data: { accountId: account.id, name: `Scan role ${run}`, permissions: ["ViewDocuments"] } });
  const victimPolicy = await db.accountPolicy.findFirstOrThrow({ where: { accountId: account.id, userId: victim.id } });
  const victimDocumentPolicy = await db.documentPolicy.findFirstOrThrow({ where: { documentId: document.id, userId: victim.id } });
  const approval = await createApproval(victimCtx, { documentId: document.id, email: `scan-lawyer-${run}@example.test` });
  const party = await createParty(victimCtx, document.id, { name: "Scan party" });
  const signer = await addSigner(victimCtx, document.id, { email: `scan-signer-${run}@example.test`, firstName: "Scan" });
  await requestApprovals(victimCtx, document.id);
  const reviewerToken = new URL(approvalLink(await db.approval.findUniqueOrThrow({ where: { id: approval.id } }))).searchParams.get(
    "signed",
  )!;
  // Billing (offline provider): details, a card and a paid plan, so the billing answers carry data.
  await updateBillingDetails(admin.ctx, {
    legalName: "Scan SL",
    address: { line1: "Calle 1", line2: null, city: "Madrid", state: "Madrid", postalCode: "28001", country: "ES" },
    taxId: null,
  });
  const card = await createPaymentMethod(admin.ctx, { tokenId: localToken("4242424242424242", 12, new Date().getUTCFullYear() + 2) });
  const subscription = await upsertSubscription(admin.ctx, { items: [{ quota: "quota_standard_month", quantity: 1 }] });

  const hashes = [
    ...(await db.session.findMany({ select: { refreshTokenHash: true } })).map((row) => row.refreshTokenHash),
    ...(await db.authToken.findMany({ select: { tokenHash: true } })).map((row) => row.tokenHash),
    ...(await db.accountToken.findMany({ select: { keyHash: true } })).map((row) => row.keyHash),
  ];
  const bearer = async (userId: string) => ({ authorization: `Bearer ${(await signedInAs(userId, account.id)).accessToken}` });
  const adminCaller = { name: "administrator", headers: { authorization: `Bearer ${admin.accessToken}` } };
  seed = {
    admin: adminCaller,
    callers: [
      adminCaller,
      { name: "member", headers: await bearer(member.id) },
      { name: "guest", headers: await bearer(guest.id) },
      { name: "anonymous", headers: {} },
      { name: "link visitor", headers: { authorization: `Bearer ${visit.accessToken}` } },
      { name: "API token", headers: { "x-api-key": token.key } },
      { name: "reviewer", headers: { signed: reviewerToken } },
    ],
    ids: {
      document: document.id,
      template: template.id,
      category: category.id,
      tag: tag.id,
      folder: folder.id,
      link: link.id,
      comment: comment.id,
      reminder: reminder.id,
      relation: relation.id,
      attachment: attachment.id,
      accountPolicy: victimPolicy.id,
      invitation: invited[0].id,
      documentPolicy: victimDocumentPolicy.id,
      role: role.id,
      token: token.id,
      victim: victim.id,
      victimEmail: victim.email,
      approval: approval.id,
      party: party.id,
      signature: signer.id,
      card: card.id,
      subscription: subscription!.id,
      invoice: (await db.localInvoice.findFirstOrThrow({ where: { accountId: account.id } })).id,
    },
    forbidden: [
      "$argon2",
      process.env.NEXTAUTH_SECRET!,
      token.key,
      visit.refreshToken,
      ...hashes,
      VICTIM.phone,
      VICTIM.signatureEmail,
      VICTIM.feedbackId,
      VICTIM.timezone,
      VICTIM.metadata.marker,
      VICTIM.emailPreferences.marker,
    ],
  };
});

/** Which seeded id a dynamic segment takes, by the folder it names. */
function paramValue(routePath: string, param: string): string | string[] {
  const ids = seed.ids;
  const byFolder: Record<string, string> = {
    "documents/[id]": ids.document,
    "templates/[id]": ids.template,
    "categories/[id]": ids.category,
    "tags/[id]": ids.tag,
    "folders/[id]": ids.folder,
    "accounts/policies/[id]": ids.accountPolicy,
    "accounts/roles/[id]": ids.role,
    "accounts/tokens/[id]": ids.token,
    "accounts/invitations/[id]": ids.invitation,
    "accounts/brand/[kind]": "logo",
    "links/[linkId]": ids.link,
    "comments/[commentId]": ids.comment,
    "reminders/[reminderId]": ids.reminder,
    "document-policies/[policyId]": ids.documentPolicy,
    "relations/[relationId]": ids.relation,
    "attachments/[attachmentId]": ids.attachment,
    "send-verify-email/[email]": ids.victimEmail,
    "approvals/[id]": ids.approval,
    "approvals/messages/[approvalId]": ids.approval,
    "parties/[id]": ids.party,
    "signatures/[id]": ids.signature,
    "pages/[page]": "1",
    "messages/[locale]": "en",
    "billing/subscriptions/[id]": ids.subscription,
    "billing/payment-methods/[id]": ids.card,
    "billing/invoices/[id]": ids.invoice,
    // The tracking image answers the same GIF for any id.
    "emails/[id]": "no-such-email",
  };
  const key = Object.keys(byFolder).find((folder) => `${routePath}/`.includes(`${folder}/`) && folder.endsWith(`[${param}]`));
  if (!key) throw new Error(`The response scan does not know which id to give [${param}] in ${routePath}: add it to paramValue().`);
  return byFolder[key];
}

/** Every route.ts under app/vapp and app/v1, as its URL path with [segments]. */
function routeFiles(): string[] {
  const out: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.name === "route.ts") out.push(path.relative(path.join(ROOT, "app"), dir));
    }
  };
  walk(path.join(ROOT, "app/vapp"));
  walk(path.join(ROOT, "app/v1"));
  return out.sort();
}

/** next-auth's own handler needs Next's request scope; it answers only with next-auth's session shape. */
const NOT_SCANNED = new Set(["vapp/auth/nextauth/[...nextauth]"]);
/** Extra queries some GET routes answer differently. */
const QUERY_VARIANTS: Record<string, string[]> = {
  "vapp/accounts/policies": ["?status=invited", "?status=active&search=victor", "?orderBy=accessedAt&size=1"],
  "vapp/documents/[id]/policies": ["?lastActive=true"],
  "vapp/search": ["?q=victor", "?q=scan"],
};
/**
 * Bodies that make a write succeed, for the writes whose answers carry people (a write without
 * one is still called, with an empty body, and must refuse it cleanly).
 */
function sampleBody(method: string, route: string): unknown {
  const member = GLOBAL_ROLE_IDS.Member;
  const samples: Record<string, unknown> = {
    "POST vapp/accounts/invitations": { emails: [`scan-w1-${run}@example.test`], roleId: member },
    "POST vapp/accounts/policies": { email: `scan-w2-${run}@example.test`, roleId: member },
    "PUT vapp/accounts/policies": { id: seed.ids.accountPolicy, roleId: member },
    "PATCH vapp/accounts/policies/[id]": { roleId: member },
    "POST vapp/documents/[id]/policies": { userId: seed.ids.victim, role: "editor" },
    "POST vapp/documents/[id]/share": { email: seed.ids.victimEmail, role: "reader" },
    "POST vapp/documents/[id]/comments": { body: "Scan reply" },
    "POST vapp/documents/[id]/owner": { userId: seed.ids.victim },
  };
  return samples[`${method} ${route}`] ?? {};
}

/** Calls that end the caller's session or account: last. */
const LAST = ["GET vapp/auth/logout", "DELETE vapp/users"];

async function routeModules(): Promise<Map<string, Record<string, unknown>>> {
  const routes = routeFiles().filter((route) => !NOT_SCANNED.has(route));
  expect(routes.length).toBeGreaterThan(90);
  const modules = new Map<string, Record<string, unknown>>();
  for (const route of routes) modules.set(route, await import(path.join(ROOT, "app", route, "route.ts")));
  return modules;
}

type Handler = (req: Request, segment: { params: Promise<Record<string, string | string[]>> }) => Promise<Response>;

async function call(route: string, method: string, handler: Handler, caller: Caller, query = "") {
  const params: Record<string, string | string[]> = {};
  let url = `/${route}`;
  for (const match of route.matchAll(/\[(\.\.\.)?([^\]]+)\]/g)) {
    const value = paramValue(route, match[2]);
    params[match[2]] = value;
    url = url.replace(match[0], Array.isArray(value) ? value.join("/") : encodeURIComponent(value));
  }
  const request = jsonRequest(method, `${url}${query}`, {
    headers: caller.headers,
    csrf: false,
    body: method === "GET" ? undefined : sampleBody(method, route),
  });
  const response = await handler(request, { params: Promise.resolve(params) });
  const text = Buffer.from(await response.arrayBuffer()).toString("latin1");
  return { status: response.status, text, where: `${method} ${url}${query} as ${caller.name}` };
}

function leaks(text: string): string[] {
  return seed.forbidden.filter((secret) => secret && text.includes(secret));
}

describe("the response scan", () => {
  it("has no GraphQL field that names a secret", () => {
    const offenders: string[] = [];
    for (const type of Object.values(schema.getTypeMap())) {
      if (!isObjectType(type) || type.name.startsWith("__")) continue;
      for (const name of Object.keys(type.getFields())) {
        if (/hash|secret|privatekey|^password$/i.test(name)) offenders.push(`${type.name}.${name}`);
      }
    }
    expect(offenders).toEqual([]);
  });
  it("finds no secret and no other user's private field in any GraphQL query field", async () => {
    const queryType = schema.getQueryType()!;
    const problems: string[] = [];
    let withData = 0;
    for (const field of Object.values(queryType.getFields())) {
      const args = argumentsFor(field);
      // "" is a field without required arguments: scanned too; undefined is one the scan cannot call.
      if (args === undefined) continue;
      const selection = selectionOf(field.type, 0);
      const document = `query Scan { ${field.name}${args}${selection} }`;
      for (const caller of seed.callers) {
        const result = await graphql(document, { headers: caller.headers });
        if (result.status >= 500) problems.push(`${field.name} as ${caller.name}: ${result.status}`);
        const text = JSON.stringify(result.data ?? null) + JSON.stringify(result.errors ?? null);
        for (const secret of leaks(text)) problems.push(`${field.name} as ${caller.name}: leaks ${secret.slice(0, 12)}…`);
        for (const error of result.errors ?? []) {
          if (error.extensions?.code === "INTERNAL" || error.extensions?.code === "GRAPHQL_VALIDATION_FAILED")
            problems.push(`${field.name} as ${caller.name}: ${error.extensions.code} ${error.message}`);
        }
        if (caller === seed.admin && result.data?.[field.name] != null) withData++;
      }
    }
    expect(problems).toEqual([]);
    // The scan is real only if most fields answered the administrator with data.
    expect(withData).toBeGreaterThan(Object.keys(queryType.getFields()).length / 2);
  }, 240_000);

  it("finds no secret and no other user's private field in any REST answer, and no 5xx", async () => {
    const problems: string[] = [];
    let answered = 0;
    const check = (result: { status: number; text: string; where: string }) => {
      answered++;
      if (result.status >= 500) problems.push(`${result.where}: ${result.status} ${result.text.slice(0, 200)}`);
      for (const secret of leaks(result.text)) problems.push(`${result.where}: leaks ${secret.slice(0, 12)}…`);
    };
    const modules = await routeModules();
    // Reads, as every kind of caller.
    for (const caller of seed.callers) {
      for (const [route, module] of modules) {
        if (typeof module.GET !== "function" || LAST.includes(`GET ${route}`)) continue;
        for (const query of ["", ...(QUERY_VARIANTS[route] ?? [])]) check(await call(route, "GET", module.GET as Handler, caller, query));
      }
    }
    // Writes, as the administrator (who may do the most), with an empty body; deletions after
    // the rest, and what ends the session at the very end. They change the seed: last test.
    const writes = [...modules].flatMap(([route, module]) =>
      ["POST", "PUT", "PATCH", "DELETE", "GET"]
        .filter((method) => typeof module[method] === "function" && (method !== "GET" || LAST.includes(`GET ${route}`)))
        .map((method) => ({ route, method, handler: module[method] as Handler })),
    );
    const rank = (w: { route: string; method: string }) => (LAST.includes(`${w.method} ${w.route}`) ? 2 : w.method === "DELETE" ? 1 : 0);
    for (const write of writes.sort((x, y) => rank(x) - rank(y))) check(await call(write.route, write.method, write.handler, seed.admin));

    expect(problems).toEqual([]);
    expect(answered).toBeGreaterThan(400);
  }, 240_000);
});

/** The id a query's `id` argument takes, by the type it returns. */
function idFor(typeName: string, argName: string): string | undefined {
  const byType: Record<string, string> = {
    Document: seed.ids.document,
    Template: seed.ids.template,
    Folder: seed.ids.folder,
    Category: seed.ids.category,
    Tag: seed.ids.tag,
    // links(id) lists a document's links: its id is the document's.
    DocumentLink: seed.ids.document,
    AccountPolicy: seed.ids.accountPolicy,
    BillingSubscription: seed.ids.subscription,
  };
  if (argName === "documentId") return seed.ids.document;
  if (argName === "templateId") return seed.ids.template;
  if (argName === "linkId") return seed.ids.link;
  return byType[typeName] ?? seed.ids.document;
}

/** Arguments for the required ones (ids from the seed, plain values otherwise); undefined when impossible. */
function argumentsFor(field: GraphQLField<unknown, unknown>): string | undefined {
  const parts: string[] = [];
  for (const arg of field.args) {
    if (!isNonNullType(arg.type)) {
      if (["size", "first"].includes(arg.name)) parts.push(`${arg.name}: 5`);
      continue;
    }
    const value = literal(arg.type, arg.name, getNamedType(field.type).name);
    if (value === undefined) return undefined;
    parts.push(`${arg.name}: ${value}`);
  }
  return parts.length ? `(${parts.join(", ")})` : "";
}

function literal(type: GraphQLInputType, name: string, returned: string): string | undefined {
  const inner = isNonNullType(type) ? type.ofType : type;
  if (isListType(inner)) {
    const item = literal(inner.ofType, name, returned);
    return item === undefined ? undefined : `[${item}]`;
  }
  if (isEnumType(inner)) return inner.getValues()[0].name;
  if (isInputObjectType(inner)) {
    const fields = Object.values(inner.getFields()).filter((f) => isNonNullType(f.type));
    const values = fields.map((f) => [f.name, literal(f.type, f.name, returned)] as const);
    if (values.some(([, v]) => v === undefined)) return undefined;
    return `{ ${values.map(([k, v]) => `${k}: ${v}`).join(", ")} }`;
  }
  if (isScalarType(inner)) {
    if (inner.name === "ID") return JSON.stringify(idFor(returned, name));
    if (inner.name === "String") return /id$/i.test(name) ? JSON.stringify(idFor(returned, name)) : JSON.stringify("scan");
    if (inner.name === "Int" || inner.name === "Float") return "1";
    if (inner.name === "Boolean") return "false";
  }
  return undefined;
}

/** Every field without required arguments, three levels deep. */
function selectionOf(type: GraphQLField<unknown, unknown>["type"], depth: number): string {
  const named = getNamedType(type);
  if (!isObjectType(named)) return isScalarType(named) || isEnumType(named) ? "" : " { __typename }";
  const fields = Object.values((named as GraphQLObjectType).getFields()).filter((f) => f.args.every((a) => !isNonNullType(a.type)));
  const parts = fields.flatMap((f) => {
    const inner = getNamedType(f.type);
    if (!isObjectType(inner)) return [f.name];
    if (depth >= 2) return [];
    return [`${f.name}${selectionOf(f.type, depth + 1)}`];
  });
  return ` { __typename ${parts.join(" ")} }`;
}
