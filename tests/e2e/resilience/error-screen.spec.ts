import { spawn } from "node:child_process";
import { once } from "node:events";
import path from "node:path";
import { expect, test } from "@playwright/test";
import postgres from "postgres";

/**
 * When the database stops answering, a page shows our error screen in the visitor's language (the
 * root layout still renders: its language comes from the request, i18n/request.ts), and "Try
 * again" brings the page back once the database answers again. It needs a server of its own on a
 * database it can close (scripts/e2e-server.mjs on a second port), so it runs when the e2e run
 * uses a PostgreSQL server (DATABASE_URL), as CI's second pass does.
 */
const PORT = 3107;
const ORIGIN = `http://localhost:${PORT}`;

test("a page whose database is unreachable says so in the visitor's language, and Try again recovers", async ({ browser }) => {
  test.skip(!process.env.DATABASE_URL, "needs DATABASE_URL: a database this test can close to its own server");
  test.setTimeout(120_000);
  const server = spawn(process.execPath, [path.join("scripts", "e2e-server.mjs")], {
    env: { ...process.env, E2E_PORT: String(PORT), DISABLE_JOBS: "1" },
    stdio: ["ignore", "pipe", "inherit"],
  });
  let output = "";
  server.stdout!.on("data", (chunk: Buffer) => (output += chunk.toString()));
  const admin = postgres(process.env.DATABASE_URL!, { max: 1, onnotice: () => {} });
  try {
    await expect(async () => {
      expect((await fetch(`${ORIGIN}/login`)).status).toBe(200);
    }).toPass({ timeout: 90_000 });
    const name = /database (covenant_e2e_\d+_\d+) created/.exec(output)?.[1];
    expect(name).toBeTruthy();

    const context = await browser.newContext({ locale: "es-ES" });
    const page = await context.newPage();
    await admin.unsafe(`ALTER DATABASE "${name}" ALLOW_CONNECTIONS false`);
    await admin.unsafe(`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = '${name}'`);
    // A share link's screen reads its link from the database, for any visitor.
    const response = await page.goto(`${ORIGIN}/s/no-such-link`);
    expect(response?.status()).toBe(500);
    const heading = page.getByRole("heading", { name: "No se ha podido cargar esta página" });
    await expect(heading).toBeVisible();
    await expect(heading).toBeFocused();
    await expect(page.getByText("Algo ha fallado por nuestra parte. Vuelve a intentarlo en un momento.")).toBeVisible();
    await expect(page.getByText(/^Referencia del error: \d+$/)).toBeVisible();
    await expect(page.getByRole("link", { name: "Ir a la página de inicio" })).toHaveAttribute("href", "/");

    await admin.unsafe(`ALTER DATABASE "${name}" ALLOW_CONNECTIONS true`);
    // The server answers the screen again once its connections are back (a busy machine may take a
    // moment); then one "Try again" brings it back in the page, without reloading it.
    await expect(async () => {
      expect((await fetch(`${ORIGIN}/s/no-such-link`)).status).not.toBe(500);
    }).toPass({ timeout: 30_000 });
    await page.getByRole("button", { name: "Reintentar" }).click();
    await expect(page.getByText("Enlace no disponible")).toBeVisible();
    await context.close();
  } finally {
    server.kill("SIGTERM");
    await once(server, "exit");
    await admin.end();
  }
});
