import { z } from "zod";
import { requireUser, type ServiceContext } from "@/lib/auth/context";
import { DOCX_MIME } from "@/lib/files/docx";
import { makeDocx } from "@/lib/files/make-docx";

/** The sample's language: the welcome tour offers English and Spanish (spec "Welcome tour"). */
export const sampleTemplateSchema = z.object({ lang: z.enum(["en", "es"]).optional() }).strict();
export type SampleTemplateInput = z.infer<typeof sampleTemplateSchema>;

// A short services agreement with [square-bracket] variables; [Client name] also fits a
// template name such as "Services agreement [Client name]".
const SAMPLES = {
  en: {
    fileName: "Services agreement sample.docx",
    paragraphs: [
      "SERVICES AGREEMENT",
      "This agreement is made on [Start date] between Covenant Services Ltd (the Provider) and [Client name] (the Client).",
      "1. Services. The Provider will deliver the services described in Annex 1 from [Start date].",
      "2. Fee. The Client will pay a monthly fee of [Fee], invoiced at the start of each month.",
      "3. Term. This agreement lasts [Term months] months and renews for the same period unless either party gives 30 days' notice.",
      "4. Governing law. This agreement is governed by the laws of [Jurisdiction].",
      "Signed for the Client: [Client name]",
    ],
  },
  es: {
    fileName: "Contrato de servicios ejemplo.docx",
    paragraphs: [
      "CONTRATO DE PRESTACIÓN DE SERVICIOS",
      "Este contrato se firma el [Fecha de inicio] entre Covenant Servicios S.L. (el Proveedor) y [Nombre del cliente] (el Cliente).",
      "1. Servicios. El Proveedor prestará los servicios descritos en el Anexo 1 a partir del [Fecha de inicio].",
      "2. Honorarios. El Cliente pagará unos honorarios mensuales de [Honorarios], facturados al inicio de cada mes.",
      "3. Duración. Este contrato dura [Meses de duración] meses y se renueva por el mismo periodo salvo preaviso de 30 días de cualquiera de las partes.",
      "4. Ley aplicable. Este contrato se rige por las leyes de [Jurisdicción].",
      "Firmado por el Cliente: [Nombre del cliente]",
    ],
  },
} as const;

/**
 * The sample template the welcome tour offers: a small real .docx in English or Spanish (by
 * default the user's language when it is Spanish, else English), generated on the fly.
 * Signed-in users only; throws UNAUTHENTICATED otherwise.
 */
export function getSampleTemplate(ctx: ServiceContext, input: SampleTemplateInput) {
  requireUser(ctx);
  const lang = input.lang ?? (ctx.locale === "es" ? "es" : "en");
  const sample = SAMPLES[lang];
  const bytes = makeDocx([...sample.paragraphs]);
  return {
    lang,
    bytes,
    fileName: sample.fileName,
    mimetype: DOCX_MIME,
    size: bytes.byteLength,
    stream: new Blob([bytes as Uint8Array<ArrayBuffer>]).stream(),
  };
}
