import type { z } from "zod";
import type { Operation } from "@/lib/operations/operation";
import * as sealing from "@/lib/sealing/sealing-operations";
import { builder } from "../builder";
import { declaredField, type Naming } from "../from-declarations";

/**
 * Sealing (issue 16; docs/sealing.md): resealDocument and sealingHealth, built from their
 * declarations (lib/sealing/sealing-operations.ts; lib/graphql/from-declarations.ts). The sealed
 * copy's downloads and /verify's upload are REST only (files).
 */
const naming: Naming = {
  names: new Map<z.ZodType, string>([
    [sealing.sealingHealthSchema, "SealingHealth"],
    [sealing.sealingCertificateSchema, "SealingCertificateInfo"],
    [sealing.sealingTsaSchema, "SealingTsa"],
  ]),
  enums: {
    "certificateUnreadable|certificateExpired|certificateNotYetValid|tsaUnreachable|converterMissing": "SealingProblem",
    "configured|generated": "SealingCertificateSource",
  },
};

/** resealDocument's answer: its state is always `sealing` (a String, as before). */
const SealRequest = builder.objectRef<{ documentId: string; state: "sealing" }>("SealRequest").implement({
  description: "A sealing queued again: the document and its sealing state (sealing).",
  fields: (t) => ({
    documentId: t.exposeID("documentId"),
    state: t.exposeString("state"),
  }),
});

builder.mutationField(
  "resealDocument",
  (t) => declaredField(t as never, sealing.resealDocumentOperation as unknown as Operation, naming, { ref: SealRequest }) as never,
);

builder.queryField(
  "sealingHealth",
  (t) => declaredField(t as never, sealing.sealingHealthOperation as unknown as Operation, naming) as never,
);
