import { expect } from "vitest";
import { db } from "@/lib/db";
import { updateAccount } from "@/lib/accounts/update-account";
import { anonymousContext, type ServiceContext } from "@/lib/auth/context";
import { signedContext } from "@/lib/auth/get-request-context";
import { createDocumentFromUpload } from "@/lib/documents/create-document";
import { addMember, createAccount, createUser, signedInAs, uniqueEmail } from "@/tests/factories";
import { makeDocx } from "@/tests/fixtures/docx";

/** A workspace with an editor (who owns the document), a colleague, and a document. */
export async function approvalWorkspace(options: { autoApproveDocPolicy?: boolean } = {}) {
  const { account, owner: admin } = await createAccount("Approvals");
  const adminCtx = (await signedInAs(admin.id, account.id)).ctx;
  if (options.autoApproveDocPolicy !== undefined)
    await updateAccount(adminCtx, { settings: { autoApproveDocPolicy: options.autoApproveDocPolicy } });
  const author = await createUser({ firstName: "Ana" });
  await addMember(account.id, "Member", author);
  const colleague = await createUser({ firstName: "Bruno", language: "es" });
  await addMember(account.id, "Member", colleague);
  const session = await signedInAs(author.id, account.id);
  const ctx = session.ctx;
  const document = await createDocumentFromUpload(ctx, { name: "Supply agreement" }, { name: "s.docx", bytes: makeDocx(["Supply terms"]) });
  return { account, admin, adminCtx, author, colleague, ctx, accessToken: session.accessToken, document, lawyer: uniqueEmail("lawyer") };
}

/** The reviewer's link in the newest approval email to `to`. */
export async function approvalLinkFor(to: string): Promise<{ url: string; token: string }> {
  const email = await db.outboxEmail.findFirst({ where: { to, template: "approvalRequest" }, orderBy: { createdAt: "desc" } });
  expect(email).not.toBeNull();
  const match = email!.text.match(/(https?:\/\/\S+\/review\?signed=([^\s]+))/);
  expect(match).not.toBeNull();
  return { url: match![1], token: decodeURIComponent(match![2]) };
}

/** The context the app builds for a request carrying `token` in the `signed` header. */
export const reviewerCtx = (token: string): ServiceContext =>
  signedContext(anonymousContext({ ip: "203.0.113.9", userAgent: "vitest-reviewer" }), token);

export const approvalEmails = (to: string, template = "approvalRequest") => db.outboxEmail.findMany({ where: { to, template } });
