import { resolveOperation } from "@/lib/operations/graphql";
import { resealDocumentOperation } from "@/lib/sealing/sealing-operations";
import { builder } from "../builder";

/** Sealing (issue 16; docs/sealing.md). The sealed copy's downloads and /verify's upload are REST only (files). */
const SealRequest = builder.objectRef<{ documentId: string; state: "sealing" }>("SealRequest").implement({
  description: "A sealing queued again: the document and its sealing state (sealing).",
  fields: (t) => ({
    documentId: t.exposeID("documentId"),
    state: t.exposeString("state"),
  }),
});

builder.mutationField("resealDocument", (t) =>
  t.field({
    type: SealRequest,
    description: resealDocumentOperation.description,
    args: { id: t.arg.id({ required: true }) },
    resolve: resolveOperation(resealDocumentOperation),
  }),
);
