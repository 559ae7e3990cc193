import { z } from "zod";

/**
 * Runs in the browser before any module of the app (Next's client instrumentation hook). zod 4
 * compiles object parsers with `new Function`, and tries one when it builds its first object
 * schema to learn whether it may. The page policy allows no eval (docs/security-headers.md), so
 * the browser reports that try as a CSP violation although zod catches it. Without compiling,
 * zod parses the same, a little slower; the server keeps compiling.
 */
z.config({ jitless: true });
