import { z } from "zod";
import { defineOperation } from "@/lib/operations/operation";
import { verifiedUserSchema, verifyUser } from "./verify-user";

/** "verify user" (spec section 7): the recipient a `signed` header speaks for, reviewer or signer. */
export const verifyUserOperation = defineOperation({
  name: "verifyUser",
  kind: "query",
  description:
    "Who the signed header speaks for: purpose (approval or signature), the recipient's name and address, the document, its workspace, the recipient's state and the link's expiry; SIGNING_LINK_INVALID with details.reason otherwise.",
  callers: ["reviewer", "signer"],
  input: z.object({}).strict(),
  output: verifiedUserSchema,
  run: (ctx) => verifyUser(ctx),
});

export const signingOperations = [verifyUserOperation];
