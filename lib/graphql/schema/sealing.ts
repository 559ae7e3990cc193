import { resolveOperation } from "@/lib/operations/graphql";
import type { SealingHealth } from "@/lib/sealing/sealing-health";
import { resealDocumentOperation, sealingHealthOperation } from "@/lib/sealing/sealing-operations";
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

const SealingCertificateInfo = builder.simpleObject("SealingCertificateInfo", {
  description: "The certificate that seals signed documents (never its key).",
  fields: (t) => ({ source: t.string(), subject: t.string(), notAfter: t.string(), fingerprint: t.string() }),
});
const SealingTsa = builder.simpleObject("SealingTsa", {
  description: "The time-stamping authority (TSA_URL): its host and whether it granted a timestamp.",
  fields: (t) => ({ host: t.string(), ok: t.boolean() }),
});
const SealingHealthRef = builder.objectRef<SealingHealth>("SealingHealth").implement({
  description: "Whether sealing can work on this installation.",
  fields: (t) => ({
    ok: t.exposeBoolean("ok"),
    checkedAt: t.exposeString("checkedAt"),
    problems: t.exposeStringList("problems", {
      description: "certificateUnreadable, certificateExpired, certificateNotYetValid or tsaUnreachable.",
    }),
    expiresSoon: t.exposeBoolean("expiresSoon"),
    certificate: t.field({ type: SealingCertificateInfo, nullable: true, resolve: (h) => h.certificate }),
    tsa: t.field({ type: SealingTsa, nullable: true, resolve: (h) => h.tsa }),
    detail: t.exposeString("detail", { nullable: true }),
  }),
});

builder.queryField("sealingHealth", (t) =>
  t.field({
    type: SealingHealthRef,
    description: sealingHealthOperation.description,
    args: { refresh: t.arg.boolean() },
    resolve: resolveOperation(sealingHealthOperation, (args) => (args.refresh ? { refresh: true } : {})),
  }),
);
