import type { VerifiedUser } from "@/lib/signing/verify-user";
import { verifyUserOperation } from "@/lib/signing/verify-user-operations";
import { builder } from "../builder";
import { resolveOperation } from "@/lib/operations/graphql";

/** "verify user" (spec section 7): the recipient a `signed` header speaks for (lib/signing/verify-user.ts). */
const VerifiedUserRef = builder.objectRef<VerifiedUser>("VerifiedUser").implement({
  description: "The reviewer or signer a signed link speaks for.",
  fields: (t) => ({
    purpose: t.exposeString("purpose", { description: "approval or signature." }),
    recordId: t.exposeID("recordId", { description: "The Approval's or Signature's id." }),
    email: t.exposeString("email"),
    name: t.exposeString("name"),
    documentId: t.exposeID("documentId"),
    documentName: t.exposeString("documentName"),
    accountName: t.exposeString("accountName"),
    state: t.exposeString("state", { description: "pending, approved, rejected, signed or declined." }),
    expiresAt: t.exposeString("expiresAt", { description: "When the link stops working (ISO 8601)." }),
  }),
});

builder.queryFields((t) => ({
  verifyUser: t.field({
    type: VerifiedUserRef,
    description: "Who the signed header speaks for; SIGNING_LINK_INVALID with details.reason otherwise.",
    resolve: resolveOperation(verifyUserOperation, () => ({})),
  }),
}));
