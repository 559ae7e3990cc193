import { randomBytes } from "node:crypto";
import os from "node:os";
import path from "node:path";
import { defineConfig } from "vitest/config";

export default defineConfig({
  resolve: {
    alias: { "@": path.resolve(import.meta.dirname), "server-only": path.resolve(import.meta.dirname, "tests/setup/server-only.ts") },
  },
  test: {
    include: ["tests/unit/**/*.test.ts", "tests/integration/**/*.test.ts"],
    globalSetup: ["tests/setup/global-setup.ts"],
    setupFiles: ["tests/setup/database.ts"],
    pool: "forks",
    // One process per worker keeps its database (and migrations) for every file it runs.
    isolate: false,
    maxWorkers: 2,
    testTimeout: 30_000,
    hookTimeout: 120_000,
    // Load the GraphQL libraries through Vite so they share one ESM "graphql" with our code.
    server: { deps: { inline: [/@pothos\//, /graphql-yoga/, /@graphql-tools\//, /@graphql-yoga\//, /graphql-ws/] } },
    env: {
      // A secret of this run's own: a test that plays a production server must not meet one of the
      // code's, which production refuses (lib/auth/secret.ts).
      NEXTAUTH_SECRET: randomBytes(32).toString("base64url"),
      DB_QUERY_EVENTS: "1",
      // Refusals of over-limit GraphQL answer at once in tests; one test checks the wait.
      GRAPHQL_REFUSAL_DELAY_MS: "0",
      // Test files share one database: the hostile sweeps' failed sign-ins must not refuse another
      // file's sign-in (lib/auth/throttle.ts, SIGN_IN_ALL); tests/integration/auth/throttles.test.ts sets its own.
      SIGN_IN_FAILURES_PER_MINUTE: "100000",
      // Likewise a user's GraphQL share of the process (lib/graphql/caller-budget.ts): the sweeps
      // send hundreds of requests as one user; tests/integration/graphql/caller-budget.test.ts sets its own.
      GRAPHQL_CALLER_CONCURRENT: "1000",
      GRAPHQL_CALLER_WAITING: "1000",
      GRAPHQL_CALLER_COST_PER_SECOND: "100000000",
      APP_URL: "http://localhost:3000",
      // Test files share two cores: a page image answers once rendered, not "busy" after GraphQL's
      // 2 s (tests/integration/documents/page-image-bounds.test.ts sets the 2 s back for itself).
      PAGE_IMAGE_WAIT_MS: "30000",
      STORAGE_DIR: path.join(os.tmpdir(), "covenant-test-storage"),
    },
  },
});
