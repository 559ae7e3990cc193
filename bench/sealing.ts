/**
 * Sealing benchmark (`npm run bench:sealing`, issue 16): sealing a 50-page PDF with three
 * signers as the sealing job does (lib/sealing/seal-pdf.ts): each signer's signature image
 * stamped in its box, their initials on every page, a filled field, the certificate-of-completion
 * page with their evidence and 60 audit events, then the PAdES signature; against a bare
 * @signpdf signature (our PAdES signer) of the same file with the same certificate (placeholder, save, sign), in
 * the same run, alternating, so the ratio holds on a busy machine. Target: ≤ 2×.
 *
 * Settings: BENCH_SEAL_RUNS (default 15 of each), BENCH_WRITE=false (print only).
 */
import { performance } from "node:perf_hooks";
import { pdflibAddPlaceholder } from "@signpdf/placeholder-pdf-lib";
import { SignPdf } from "@signpdf/signpdf";
import { SUBFILTER_ETSI_CADES_DETACHED } from "@signpdf/utils";
import { PDFDocument, StandardFonts } from "pdf-lib";
import { PadesSigner } from "@/lib/sealing/pades-signer";
import { sealPdf } from "@/lib/sealing/seal-pdf";
import type { Stamp } from "@/lib/sealing/stamp-signatures";
import { makePng } from "@/tests/factories/images";
import { generateSealingP12, readP12, type SealingCertificate } from "@/lib/sealing/sealing-certificate";
import { numberEnv, writeBenchResults } from "./common";

const RUNS = numberEnv("BENCH_SEAL_RUNS", 15);
const TARGET = 2;

async function fiftyPages(): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (let page = 1; page <= 50; page++) {
    const p = doc.addPage([595, 842]);
    for (let line = 0; line < 40; line++) {
      p.drawText(`Clause ${page}.${line + 1}: the supplier delivers the goods on the agreed dates and terms.`, {
        x: 50,
        y: 800 - line * 19,
        size: 10,
        font,
      });
    }
  }
  return doc.save();
}

async function bare(pdf: Uint8Array, certificate: SealingCertificate): Promise<Buffer> {
  const doc = await PDFDocument.load(pdf, { updateMetadata: false });
  pdflibAddPlaceholder({
    pdfDoc: doc,
    reason: "Sealed",
    contactInfo: "",
    name: "Bench",
    location: "",
    signatureLength: 16_384,
    subFilter: SUBFILTER_ETSI_CADES_DETACHED,
  });
  const prepared = Buffer.from(await doc.save({ useObjectStreams: false }));
  return new SignPdf().sign(prepared, new PadesSigner(certificate.p12, certificate.password));
}

const parties = ["Ana Pérez", "Jo Smith", "Marta Vidal"].map((name, i) => ({
  name,
  email: `party${i}@example.test`,
  action: "signed" as const,
  at: new Date(Date.UTC(2026, 10, 20 + i, 9)),
  ip: `203.0.113.${i + 1}`,
  userAgent: "Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148",
  idNumber: `ID-${i + 1}`,
}));

/** Three drawn signatures (PNG, 300×100) on the last page, each signer's initials on all 50 pages, one filled field. */
const stamps: Stamp[] = parties.flatMap((party, i) => [
  {
    kind: "image" as const,
    box: { page: 50, x: 0.08 + i * 0.3, y: 0.8, width: 0.26, height: 0.08 },
    bytes: makePng(300, 100, [20, 40 + i * 60, 140]),
  },
  {
    kind: "text" as const,
    box: { page: 1, x: 0.6 + i * 0.12, y: 0.95, width: 0.1, height: 0.03 },
    text: party.name
      .split(" ")
      .map((w) => w[0])
      .join(""),
    style: "signature" as const,
    allPages: true,
  },
]);
stamps.push({ kind: "text", box: { page: 50, x: 0.08, y: 0.9, width: 0.3, height: 0.03 }, text: "Barcelona", style: "field" });

const events = Array.from({ length: 60 }, (_, i) => ({
  at: new Date(Date.UTC(2026, 10, 1, 9, i)),
  entry: {
    eventType: ["document.created", "signature.requested", "signature.viewed", "signature.signed"][i % 4]!,
    via: i % 2 ? "signed" : "session",
    actor: i % 2 ? "Ana Pérez (ana@example.test)" : "Jo Smith",
    link: null,
    subject: "Ana Pérez",
    payload: {},
  },
}));

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

async function main() {
  const pdf = await fiftyPages();
  const password = "bench";
  const p12 = generateSealingP12(password);
  const certificate: SealingCertificate = { p12, password, source: "generated", ...readP12(p12, password) };
  const seal = () =>
    sealPdf(
      pdf,
      {
        documentId: "bench",
        documentName: "Supply agreement",
        workspaceName: "Bench",
        locale: "en",
        parties,
        stamps,
        events,
        eventsTotal: 140,
      },
      certificate,
    );
  // Warm up both paths (module loading, JIT).
  await bare(pdf, certificate);
  await seal();
  const times = { bare: [] as number[], seal: [] as number[] };
  for (let run = 0; run < RUNS; run++) {
    for (const [name, task] of (run % 2
      ? [
          ["seal", seal],
          ["bare", () => bare(pdf, certificate)],
        ]
      : [
          ["bare", () => bare(pdf, certificate)],
          ["seal", seal],
        ]) as [keyof typeof times, () => Promise<unknown>][]) {
      const start = performance.now();
      await task();
      times[name].push(performance.now() - start);
    }
  }
  const bareMs = median(times.bare);
  const sealMs = median(times.seal);
  const ratio = sealMs / bareMs;
  const results = [
    `Run on ${new Date().toISOString().slice(0, 10)}: a 50-page PDF (${(pdf.byteLength / 1024).toFixed(0)} KB), ${RUNS} alternating runs of each, medians.`,
    "",
    "| what | median | ratio | target |",
    "| --- | --- | --- | --- |",
    `| bare @signpdf signature (placeholder, save, sign) | ${bareMs.toFixed(0)} ms | 1 | reference |`,
    `| sealing: 3 signature images and initials on 50 pages stamped, certificate page for 3 signers and 60 events, then the same signature | ${sealMs.toFixed(0)} ms | ${ratio.toFixed(2)}× | ≤ ${TARGET}× ${ratio <= TARGET ? "(met)" : "(not met)"} |`,
  ].join("\n");
  console.log(results);
  if (process.env.BENCH_WRITE !== "false") writeBenchResults("sealing", "Sealing (issue 16)", results);
}

await main();
