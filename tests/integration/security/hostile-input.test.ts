import { beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { anonymousContext, type ServiceContext } from "@/lib/auth/context";
import { buildContext, signedContext, type RequestSource } from "@/lib/auth/get-request-context";
import { approvalLink } from "@/lib/approvals/approval-emails";
import { createApproval } from "@/lib/approvals/create-approval";
import { requestApprovals } from "@/lib/approvals/request-approvals";
import { addDocumentAttachment } from "@/lib/documents/add-document-attachment";
import { createDocumentFromTemplate } from "@/lib/documents/create-document-from-template";
import { createDocumentFromUpload } from "@/lib/documents/create-document";
import { createDocumentLink } from "@/lib/links/document-links";
import { validateDocumentLink } from "@/lib/links/validate-document-link";
import { createLinkComment } from "@/lib/links/visitor-operations";
import { addSigner } from "@/lib/signatures/manage-signers";
import { saveSignaturePlaceholders } from "@/lib/signatures/save-placeholders";
import { requestSignatures } from "@/lib/signatures/request-signatures";
import { makeDocx } from "@/tests/fixtures/docx";
import { fieldBox, signatureBox, signingToken } from "@/tests/integration/signatures/helpers";
import { withRequestMemo } from "@/lib/auth/request-memo";
import { isAppError } from "@/lib/errors/app-error";
import { errorBody, toAppError } from "@/lib/http/error-response";
import { LOCALES } from "@/lib/i18n/locales";
import { runOperation, type Operation } from "@/lib/operations/operation";
import { OPERATIONS } from "@/lib/registry/operations";
import { makePng } from "@/tests/factories/images";
import { makeTextPdf } from "@/tests/fixtures/pdf";
import {
  branch,
  freshEmails,
  hostileVariants,
  jsonSchemaOf,
  pathText,
  sampleOf,
  show,
  sweepEndings,
  sweepOrder,
  withValue,
} from "@/tests/fixtures/hostile-values";
import { operationCases, seedWorkspace, uploadInputs, type WorkspaceData } from "@/tests/fixtures/workspace-data";

/**
 * Hostile input by declaration: every operation a member, an API token or anyone may call is
 * sent, by the administrator of a workspace with one of everything, its plain input and then
 * that input with one field at a time replaced by what a careless or hostile caller sends and its
 * schema still accepts (tests/fixtures/hostile-values.ts): texts as long as allowed in four-byte
 * characters, quotes and SQL, LIKE wildcards, direction marks, a lone surrogate, markup, line
 * breaks with a mail header, ICU syntax, numbers at int4's edge and past it, lists as long as
 * allowed, ids that name nothing. Each call must end in a result or in an error the person is
 * told in words (an AppError other than INTERNAL, whose message reads in all five languages):
 * never the 500 "Something went wrong". A result fits the operation's declared output (REST
 * shapes its answer through it and answers 500 otherwise), and a mutation's answer gives back
 * each text it names as it was sent (notGivenBack): nothing is cut, mangled or lost on the way to
 * the database. The operations of share-link visitors, signers and
 * reviewers act through tokens and have their own tests.
 */
let w: WorkspaceData;
let cases: Record<string, () => unknown>;
let member: ServiceContext;

const operations = OPERATIONS.filter((operation) => operation.callers.some((caller) => ["member", "apiToken", "anyone"].includes(caller)));
/** Calls that remove the workspace's records or change who the caller is run after the others. */
const ordered = sweepOrder(operations, (operation) => operation.name);

beforeAll(async () => {
  w = await seedWorkspace("H");
  cases = operationCases(w, "hostile-spy");
  // Every paid feature an operation asks for: the plan is never the reason a call is refused here.
  const capabilities = OPERATIONS.flatMap((operation) => (operation.capability ? [operation.capability] : []));
  member = { ...w.ctx, capabilities: new Set([...w.ctx.capabilities, ...capabilities]) };
});

/** The caller: the administrator, its API token where only a token opens the operation, or nobody. */
function callerFor(operation: Operation): ServiceContext {
  if (operation.callers.includes("member")) return member;
  if (operation.callers.includes("apiToken")) return { ...member, via: "token", viaId: w.apiTokenId };
  return anonymousContext();
}

/** An unexpected error in a line: its kind, its code and its message's last line (Prisma's begin with the call's source). */
function explain(error: unknown): string {
  if (!(error instanceof Error)) return String(error).slice(0, 300);
  const code = "code" in error ? ` ${String(error.code)}` : "";
  const lines = error.message.trim().split("\n");
  return `${error.name}${code}: ${lines[lines.length - 1]}`.slice(0, 300);
}

/**
 * Plain inputs of operations outside the isolation test's cases whose input the schema cannot
 * describe: the uploads (their files are bytes) and a share link's code check (its link).
 */
const bases: Record<string, () => Promise<unknown> | unknown> = {
  ...uploadInputs,
  validateLink: () => ({ linkId: w.doc.linkId, email: freshEmail(), code: "123456" }),
};

const freshEmail = freshEmails("hostile");

/** Every call's ending: "ok", or the error's code. */
const endings = sweepEndings();

/** What went wrong with one call, or null: an unexpected error, or an error whose message does not read in a language. */
async function failureOf(operation: Operation, input: unknown, caller = callerFor(operation)): Promise<string | null> {
  try {
    const result = await runOperation(operation, withRequestMemo(caller, { readOnly: operation.kind === "query" }), input);
    if (result instanceof Response) await result.arrayBuffer();
    endings.count("ok");
    // REST shapes the answer through the declared output and answers 500 when it does not fit.
    const shaped = result instanceof Response ? null : operation.output.safeParse(result);
    if (shaped && !shaped.success) {
      const issue = shaped.error.issues[0]!;
      return `the answer does not fit its declared output: ${issue.path.join(".")} ${issue.message}`;
    }
    return operation.kind === "mutation" ? notGivenBack(operation, input, result) : null;
  } catch (error) {
    if (!isAppError(error) && !(error && typeof error === "object" && "code" in error && error.code === "P2002")) return explain(error);
    const appError = toAppError(error);
    endings.count(appError.code);
    if (appError.code === "INTERNAL") return `INTERNAL: ${appError.message}`;
    for (const locale of LOCALES) {
      try {
        const body = errorBody(appError, locale);
        if (!body.error.message) return `${appError.code}: no message in ${locale}`;
      } catch (caught) {
        return `${appError.code}: its message fails in ${locale} (${(caught as Error).message})`;
      }
    }
    return null;
  }
}

/**
 * What a mutation's answer (shaped by its declared output, as REST sends it) does not give back
 * as it was sent, of the texts it names alike at the top level: a text is stored whole, as typed
 * (trimmed at most), whatever its characters. Addresses (emails, URLs) are normalised and secrets
 * never come back, so they are not compared.
 */
function notGivenBack(operation: Operation, input: unknown, result: unknown): string | null {
  if (!input || typeof input !== "object" || !result || typeof result !== "object") return null;
  const shaped = operation.output.safeParse(result);
  const answer = (shaped.success ? shaped.data : result) as Record<string, unknown>;
  const fields = jsonSchemaOf(operation.input).properties ?? {};
  for (const [key, sent] of Object.entries(input)) {
    if (typeof sent !== "string" || key === "id" || /email|password|token/i.test(key) || branch(fields[key] ?? {}).format === "uri")
      continue;
    const given = answer[key];
    if (typeof given === "string" && given !== sent && given !== sent.trim())
      return `${key} came back as ${show(given)} (${given.length} long, sent ${sent.length})`;
  }
  return null;
}

/**
 * The people without an account: a share link's visitor, an approval's reviewer and a signer,
 * each by the token of their link. An operation that ends what the token allows (a decision, a
 * signature, a refusal) gets a new record and token for every call, so that each hostile value
 * reaches the service rather than "this link is no longer valid".
 */
describe("hostile input from the people without an account", () => {
  type Caller = { ctx: ServiceContext; record: Record<string, string> };
  let visitor: Caller;
  let reviewer: Caller;
  let signer: Caller;
  let contractPdf: Uint8Array;

  const source = (token: string): RequestSource => ({
    header: (name) => (name.toLowerCase() === "authorization" ? `Bearer ${token}` : null),
    cookie: () => null,
  });

  /** A new approval of a document made from the workspace's template, requested: its reviewer's token. */
  async function freshReviewer(): Promise<Caller> {
    const document = await createDocumentFromTemplate(member, { templateId: w.templateId, values: { party: "Okapi" }, fields: {} });
    const approval = await createApproval(member, { documentId: document.id, email: freshEmail(), settings: { allowModification: true } });
    await requestApprovals(member, document.id);
    const row = await db.approval.findUniqueOrThrow({ where: { id: approval.id } });
    const token = new URL(approvalLink(row)).searchParams.get("signed")!;
    return { ctx: signedContext(anonymousContext(), token), record: { approvalId: approval.id, documentId: document.id } };
  }

  /** A new PDF contract with one signer, who must fill a text field ("city"), requested: the signer's token. */
  async function freshSigner(): Promise<Caller> {
    const document = await createDocumentFromUpload(member, { name: "H's contract to sign" }, { name: "c.pdf", bytes: contractPdf });
    const added = await addSigner(member, document.id, { email: freshEmail(), firstName: "Hostile", order: 1 });
    await saveSignaturePlaceholders(member, document.id, [signatureBox(added.id), fieldBox(added.id, "city", "text", { required: true })]);
    await requestSignatures(member, document.id);
    const token = await signingToken(added.email);
    return {
      ctx: signedContext(anonymousContext({ ip: "198.51.100.9", userAgent: "hostile" }), token),
      record: { signatureId: added.id, documentId: document.id },
    };
  }

  beforeAll(async () => {
    contractPdf = await makeTextPdf([["Clause 1: the parties agree."]]);
    const link = await createDocumentLink(member, w.doc.id, { name: "H's visitor link", role: "reviewer" });
    const opened = await validateDocumentLink(anonymousContext({ userAgent: "hostile" }), link.id);
    if (opened.status !== "valid") throw new Error("the link did not open");
    const attachment = await addDocumentAttachment(member, w.doc.id, { name: "annex.docx", bytes: makeDocx(["Annex"]) });
    const ctx = await buildContext(source(opened.accessToken));
    const comment = (await runOperation(createLinkComment, ctx, {
      linkId: link.id,
      body: "The visitor's own comment",
      authorName: "Vi Sitor",
    })) as { id: string };
    visitor = { ctx, record: { linkId: link.id, attachmentId: attachment.id, commentId: comment.id } };
    reviewer = await freshReviewer();
    signer = await freshSigner();
  }, 120_000);

  const png = () => ({ name: "signature.png", bytes: makePng(30, 12), field: "signature" });
  /** Each operation: who calls it (the same caller, or a new one for every call), and its plain input for that caller's record. */
  const external: Record<string, { caller: () => Caller | Promise<Caller>; input: (record: Record<string, string>) => unknown }> = {
    linkedDocument: { caller: () => visitor, input: () => ({}) },
    linkedDocumentFile: { caller: () => visitor, input: () => ({ inline: "1" }) },
    linkedAttachmentFile: { caller: () => visitor, input: (r) => ({ attachmentId: r.attachmentId }) },
    linkComments: { caller: () => visitor, input: (r) => ({ linkId: r.linkId }) },
    createLinkComment: { caller: () => visitor, input: (r) => ({ linkId: r.linkId, body: "A visitor's remark", authorName: "Vi Sitor" }) },
    updateLinkComment: { caller: () => visitor, input: (r) => ({ linkId: r.linkId, commentId: r.commentId, body: "Edited" }) },
    deleteLinkComment: { caller: () => visitor, input: (r) => ({ linkId: r.linkId, commentId: r.commentId }) },
    fetchValidApproval: { caller: () => reviewer, input: () => ({}) },
    approvalFile: { caller: () => reviewer, input: () => ({ inline: "1" }) },
    approvalMessages: { caller: () => reviewer, input: (r) => ({ approvalId: r.approvalId }) },
    sendApprovalMessage: { caller: () => reviewer, input: (r) => ({ approvalId: r.approvalId, data: "A question" }) },
    reviseApprovalDocument: { caller: freshReviewer, input: (r) => ({ id: r.approvalId, values: { party: "Revised" } }) },
    reviewDocument: { caller: freshReviewer, input: (r) => ({ id: r.approvalId, isApproved: true, comment: "Fine by me" }) },
    fetchValidSignature: { caller: () => signer, input: () => ({}) },
    signingResult: { caller: () => signer, input: () => ({}) },
    verifyUser: { caller: () => signer, input: () => ({}) },
    downloadSealedDocument: { caller: () => signer, input: () => ({}) },
    signDocument: { caller: freshSigner, input: () => ({ kind: "uploaded", data: { city: "Girona" }, files: [png()] }) },
    declineSignature: { caller: freshSigner, input: (r) => ({ id: r.signatureId, reason: "Not these terms" }) },
  };

  it("has a case for every operation only such a person may call", () => {
    const onlyByToken = OPERATIONS.filter((operation) =>
      operation.callers.every((caller) => ["visitor", "reviewer", "signer"].includes(caller)),
    );
    expect(onlyByToken.map((operation) => operation.name).filter((name) => !external[name])).toEqual([]);
  });

  for (const [name, spec] of Object.entries(external)) {
    it(`${name}: every input its schema accepts ends in a result or a worded error`, async () => {
      const operation = OPERATIONS.find((candidate) => candidate.name === name)!;
      const failures: string[] = [];
      const first = await spec.caller();
      const base = spec.input(first.record);
      const ids = Object.keys(base as object).filter((key) => key === "id" || key.endsWith("Id"));
      const plain = await failureOf(operation, base, first.ctx);
      if (plain) failures.push(`plain input: ${plain}`);
      for (const variant of hostileVariants(operation.input, base, ids)) {
        const caller = await spec.caller();
        const failure = await failureOf(operation, withValue(spec.input(caller.record), variant.path, variant.value), caller.ctx);
        if (failure) failures.push(`${pathText(variant.path)} = ${show(variant.value)}: ${failure}`);
      }
      expect(failures).toEqual([]);
    }, 120_000);
  }
});

describe("hostile input to every declared operation", () => {
  /** How many operations' plain input reached their service (not refused by their own schema). */
  const reached: string[] = [];

  for (const operation of ordered) {
    it(`${operation.name}: every input its schema accepts ends in a result or a worded error`, async () => {
      const base =
        (await bases[operation.name]?.()) ?? cases[operation.name]?.() ?? sampleOf(jsonSchemaOf(operation.input), "", freshEmail);
      const failures: string[] = [];
      const plain = await failureOf(operation, base);
      if (plain) failures.push(`plain input: ${plain}`);
      if (operation.input.safeParse(base).success) reached.push(operation.name);
      for (const variant of hostileVariants(operation.input, base, operation.ids)) {
        const failure = await failureOf(operation, variant.input);
        if (failure) failures.push(`${pathText(variant.path)} = ${show(variant.value)}: ${failure}`);
      }
      expect(failures).toEqual([]);
    });
  }

  it("reached the service of almost every operation with its plain input", () => {
    // A plain input the schema refuses tests only the refusal: the sweep would be hollow for it.
    const refused = ordered.map((operation) => operation.name).filter((name) => !reached.includes(name));
    expect(refused).toEqual([]);
    // The sweep itself: thousands of calls, most of them answered by the services, not the schemas.
    const calls = endings.total();
    console.info(`hostile input: ${calls} calls`, endings.report());
    expect(calls).toBeGreaterThan(2000);
    expect(endings.get("ok")).toBeGreaterThan(calls / 4);
  });
});
