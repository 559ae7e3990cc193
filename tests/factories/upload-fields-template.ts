import { createTemplate, publishUnpublishTemplate, updateTemplate } from "@/lib/templates/templates";
import { makeDocx } from "@/lib/files/make-docx";
import { createAccount, signedInAs } from "./index";

/**
 * A new workspace with a published DOCX template "Offer [client]" that has a required text field
 * (client), a required image field (logo), an optional attachment field (annex) and an optional
 * file field (plan), and its administrator signed in.
 */
export async function uploadFieldsTemplate(name = "Attachments") {
  const { account, owner } = await createAccount(name);
  const session = await signedInAs(owner.id, account.id);
  const template = await createTemplate(
    session.ctx,
    { name: "Offer [client]" },
    { name: "offer.docx", bytes: makeDocx(["Offer for [client]", "[logo]", "Annex: [annex]", "Plan: [plan]"]) },
  );
  await updateTemplate(session.ctx, template.id, {
    variables: [
      { name: "client", type: "text", required: true, deprecated: false, options: {} },
      { name: "logo", type: "image", required: true, deprecated: false, options: {} },
      { name: "annex", type: "attachment", required: false, deprecated: false, options: {} },
      { name: "plan", type: "file", required: false, deprecated: false, options: {} },
    ],
  });
  await publishUnpublishTemplate(session.ctx, template.id, true);
  return { account, owner, ...session, template };
}
