import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { accessWritesSettled } from "@/lib/auth/get-request-context";
import type { ServiceContext } from "@/lib/auth/context";
import { GLOBAL_ROLE_IDS } from "@/lib/accounts/create-account";
import { inviteMembers } from "@/lib/accounts/invite-members";
import { countStatements, db } from "@/lib/db";
import { createDocumentFromUpload } from "@/lib/documents/create-document";
import { runOperation } from "@/lib/operations/operation";
import { updateUserMetadataOperation } from "@/lib/users/user-operations";
import { loadNextSteps, nextStepsDismissed, type NextStepKey } from "@/lib/work-queue/next-steps";
import { stopJobs } from "@/lib/jobs/queue";
import { addSigner } from "@/lib/signatures/manage-signers";
import { requestSignatures } from "@/lib/signatures/request-signatures";
import { createTemplate } from "@/lib/templates/create-template";
import { addMember, createAccount, createUser, signedInAs, uniqueEmail } from "@/tests/factories";
import { makeDocx } from "@/tests/fixtures/docx";
import { makeTextPdf } from "@/tests/fixtures/pdf";

/**
 * The dashboard's next steps (issue 39, item 19): a new workspace's are all open; each is done once
 * the workspace's data says so; a member sees only the steps their role lets them take; the
 * loader sends one statement, or none when there is no step to show.
 */
afterAll(() => stopJobs());

let w: { accountId: string; ownerId: string; ctx: ServiceContext };

beforeAll(async () => {
  const { account, owner } = await createAccount("Next steps");
  const { ctx } = await signedInAs(owner.id, account.id);
  // The first context records the membership's access after the answer: not among counted statements.
  await accessWritesSettled();
  w = { accountId: account.id, ownerId: owner.id, ctx };
});

/** Each step's done state, by key, read in one statement. */
async function doneOf(ctx: ServiceContext) {
  const { result, statements } = await countStatements(() => loadNextSteps(ctx));
  // A signature request publishes its events once committed, while this runs: not the loader's.
  const own = statements.filter((sql) => !/^SELECT pg_notify\(/.test(sql));
  expect(own, own.map((sql) => sql.slice(0, 120)).join("\n")).toHaveLength(1);
  return Object.fromEntries(result.map((step) => [step.key, step.done])) as Record<NextStepKey, boolean>;
}

describe("the dashboard's next steps", () => {
  it("are all open in a new workspace, each with where it is taken, in one statement", async () => {
    const { result, statements } = await countStatements(() => loadNextSteps(w.ctx));
    expect(statements).toHaveLength(1);
    expect(statements[0]).toMatch(/^\s*SELECT/);
    expect(result).toEqual([
      { key: "template", done: false, href: "/templates" },
      { key: "document", done: false, href: "/docs" },
      { key: "colleague", done: false, href: "/settings/ws/users#invite-title" },
      { key: "signature", done: false, href: "/docs" },
      { key: "seal", done: false, href: "/docs" },
    ]);
  });

  it("mark each step done after its action, and link to the caller's document for signing", async () => {
    await createTemplate(w.ctx, { name: "First template" }, { name: "t.docx", bytes: makeDocx(["Between [party] and us."]) });
    expect(await doneOf(w.ctx)).toEqual({ template: true, document: false, colleague: false, signature: false, seal: false });

    const pdf = await makeTextPdf([["Agreed."]]);
    const document = await createDocumentFromUpload(w.ctx, { name: "First document" }, { name: "d.pdf", bytes: pdf });
    expect(await doneOf(w.ctx)).toEqual({ template: true, document: true, colleague: false, signature: false, seal: false });
    expect((await loadNextSteps(w.ctx)).find((s) => s.key === "signature")?.href).toBe(`/d/${document.id}/view?tab=signatures`);
    // The one most recently changed, of those the caller wrote.
    const draft = await createDocumentFromUpload(w.ctx, { name: "Draft" }, { name: "f.docx", bytes: makeDocx(["Draft."]) });
    expect((await loadNextSteps(w.ctx)).find((s) => s.key === "signature")?.href).toBe(`/d/${draft.id}/view?tab=signatures`);
    await db.document.update({ where: { id: document.id }, data: { description: "Touched" } });
    expect((await loadNextSteps(w.ctx)).find((s) => s.key === "signature")?.href).toBe(`/d/${document.id}/view?tab=signatures`);

    // A pending invitation counts: the colleague has been asked.
    await inviteMembers(w.ctx, { emails: [uniqueEmail("colleague")], roleId: GLOBAL_ROLE_IDS.Member });
    expect(await doneOf(w.ctx)).toEqual({ template: true, document: true, colleague: true, signature: false, seal: false });

    // A signer added but not yet asked does not count; asked, it does.
    await addSigner(w.ctx, document.id, { email: uniqueEmail("signer"), firstName: "Sam" });
    expect((await doneOf(w.ctx)).signature).toBe(false);
    await db.document.update({ where: { id: document.id }, data: { settings: { signaturesOnCertificate: true } } });
    await requestSignatures(w.ctx, document.id);
    expect(await doneOf(w.ctx)).toEqual({ template: true, document: true, colleague: true, signature: true, seal: false });
    // A newer document: the seal step still links to the one sent for signature.
    await createDocumentFromUpload(w.ctx, { name: "Second document" }, { name: "e.docx", bytes: makeDocx(["Later."]) });
    expect((await loadNextSteps(w.ctx)).find((s) => s.key === "seal")?.href).toBe(`/d/${document.id}/view?tab=signatures`);

    const content = await db.documentContent.findFirstOrThrow({ where: { documentId: document.id }, select: { id: true } });
    await db.seal.create({
      data: { accountId: w.accountId, documentId: document.id, contentId: content.id, sha256: `next-steps-${document.id}` },
    });
    expect(await doneOf(w.ctx)).toEqual({ template: true, document: true, colleague: true, signature: true, seal: true });
  });

  it("count another active member as a colleague, not a disabled one, and nothing of another workspace", async () => {
    const { account, owner } = await createAccount("Next steps colleague");
    const { ctx } = await signedInAs(owner.id, account.id);
    await accessWritesSettled();
    const disabled = await addMember(account.id, "Member");
    await db.accountPolicy.update({
      where: { accountId_userId: { accountId: account.id, userId: disabled.id } },
      data: { status: "disabled" },
    });
    // The first workspace has every step done: none of it shows here.
    expect(await doneOf(ctx)).toEqual({ template: false, document: false, colleague: false, signature: false, seal: false });
    await addMember(account.id, "Guest");
    expect((await doneOf(ctx)).colleague).toBe(true);
  });

  it("show a member only the steps their role lets them take, and a Guest none, with no statement", async () => {
    const { account } = await createAccount("Next steps roles");
    const member = await addMember(account.id, "Member", await createUser());
    const guest = await addMember(account.id, "Guest", await createUser());
    const role = await db.accountRole.create({
      data: { accountId: account.id, name: "Writer", permissions: ["ViewDocuments", "ManageDocuments", "ViewTemplates"] },
    });
    const writer = await createUser();
    await db.accountPolicy.create({ data: { accountId: account.id, userId: writer.id, roleId: role.id } });
    const [memberCtx, guestCtx, writerCtx] = await Promise.all([
      signedInAs(member.id, account.id),
      signedInAs(guest.id, account.id),
      signedInAs(writer.id, account.id),
    ]);
    await accessWritesSettled();

    // A Member manages templates and documents, not members.
    expect((await loadNextSteps(memberCtx.ctx)).map((s) => s.key)).toEqual(["template", "document", "signature", "seal"]);
    // Without ManageTemplates, no template step.
    expect((await loadNextSteps(writerCtx.ctx)).map((s) => s.key)).toEqual(["document", "signature", "seal"]);
    const { result, statements } = await countStatements(() => loadNextSteps(guestCtx.ctx));
    expect(result).toEqual([]);
    expect(statements).toEqual([]);
  });

  it("leave out a step whose screen the workspace's plan lacks", async () => {
    const withoutTemplates = { ...w.ctx, capabilities: new Set([...w.ctx.capabilities].filter((c) => c !== "templates")) };
    expect((await loadNextSteps(withoutTemplates)).map((s) => s.key)).toEqual(["document", "colleague", "signature", "seal"]);
  });

  it("stay hidden for a member who hid them (their metadata, set through updateUserMetadata)", async () => {
    const { account, owner } = await createAccount("Next steps hidden");
    const { ctx } = await signedInAs(owner.id, account.id);
    const read = async () => (await db.user.findUniqueOrThrow({ where: { id: owner.id } })).metadata;
    expect(nextStepsDismissed(await read())).toBe(false);
    await runOperation(updateUserMetadataOperation, ctx, { hasDismissedNextSteps: true });
    expect(nextStepsDismissed(await read())).toBe(true);
    // Another flag of the user's is kept beside it.
    await runOperation(updateUserMetadataOperation, ctx, { hasSeenWelcomeTour: true });
    expect(await read()).toMatchObject({ hasDismissedNextSteps: true, hasSeenWelcomeTour: true });
  });
});
