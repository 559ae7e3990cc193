import type { z } from "zod";
import { verifiedUserSchema } from "@/lib/signing/verify-user";
import { verifyUserOperation } from "@/lib/signing/verify-user-operations";
import type { Operation } from "@/lib/operations/operation";
import { builder } from "../builder";
import { declaredFields, type Naming } from "../from-declarations";

/** "verify user" (spec section 7): the recipient a `signed` header speaks for (lib/signing/verify-user.ts), built from its declaration. */
const naming: Naming = {
  names: new Map<z.ZodType, string>([[verifiedUserSchema, "VerifiedUser"]]),
  enums: { "approval|signature": "VerifiedUserPurpose", "pending|approved|rejected|signed|declined": "VerifiedUserState" },
};

builder.queryFields((t) => declaredFields(t as never, [verifyUserOperation] as unknown as Operation[], naming));
