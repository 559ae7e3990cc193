import type { NextConfig } from "next";
import createNextIntlPlugin from "next-intl/plugin";
import { staticSecurityHeaders } from "./lib/http/security-headers";

// The catalogues' ICU messages are compiled at build time (icu-minify), so the browser formats
// them with a small function instead of shipping intl-messageformat's parser (about 12 KB gzip
// on every page; docs/benchmarks.md, "First-load JavaScript").
const withNextIntl = createNextIntlPlugin({
  requestConfig: "./i18n/request.ts",
  experimental: { messages: { path: "./messages", format: "json", locales: "infer", precompile: true } },
});

const nextConfig: NextConfig = {
  // Native, WebAssembly and database packages stay plain Node requires.
  serverExternalPackages: [
    "@electric-sql/pglite",
    "pglite-prisma-adapter",
    "@prisma/schema-engine-wasm",
    "@prisma/adapter-pg",
    "@node-rs/argon2",
    "pg",
    "nodemailer",
    // The durable job queue (lib/jobs/queue.ts), an ESM package over pg.
    "pg-boss",
    // WebSocket frames (GraphQL over WebSocket, lib/graphql/ws.ts): bundled, its optional native
    // helpers go missing and every connection is dropped (1006) at its first message.
    "ws",
    // Sealing (lib/sealing): PKCS#12 and CMS in plain JavaScript, loaded as is.
    "node-forge",
    "@signpdf/signpdf",
    "@signpdf/signer-p12",
    "@signpdf/placeholder-pdf-lib",
    "@signpdf/utils",
    // …and the pdf-lib they use: @signpdf/placeholder-pdf-lib (external) writes the signature's
    // placeholder with its own pdf-lib's classes into our document, so both must be one module
    // (bundled apart, the placeholder is lost: "No ByteRangeStrings found within PDF buffer").
    "pdf-lib",
    // PDF.js (1.6 MB, Node paths through import.meta.url and a self-import of unpdf/pdfjs): load as is.
    "unpdf",
  ],
  poweredByHeader: false,
  // nosniff and Referrer-Policy on every answer, Next's assets included; the CSP, frame options and
  // HSTS depend on the request and the environment: proxy.ts (docs/security-headers.md).
  headers: async () => staticSecurityHeaders(),
  typedRoutes: false,
  // CI builds a fresh clone once and never again: writing Turbopack's cache for a next build
  // there only costs time (docs/benchmarks.md, "CI time"). Local builds keep it.
  experimental: { turbopackFileSystemCacheForBuild: !process.env.CI },
};

export default withNextIntl(nextConfig);
