import { beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import * as sample from "@/app/vapp/templates/sample/route";
import * as welcomeTour from "@/app/vapp/users/welcome-tour/route";
import { readDocx } from "@/lib/files/docx";
import { detectVariables } from "@/lib/templates/detect-variables";
import { createTemplate } from "@/lib/templates/templates";
import { hasSeenWelcomeTour } from "@/lib/users/has-seen-welcome-tour";
import { createAccount, createUser, signedInAs } from "@/tests/factories";
import { jsonRequest } from "@/tests/factories/http";

/** The welcome tour's server side (docs/welcome-tour.md): the sample template and how the tour ends. */
let owner: { id: string; token: string; accountId: string };

beforeAll(async () => {
  const { account, owner: user } = await createAccount("Tour");
  owner = { id: user.id, accountId: account.id, token: (await signedInAs(user.id, account.id)).accessToken };
});

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const getSample = (query: string, headers: Record<string, string> = bearer(owner.token)) =>
  sample.GET(jsonRequest("GET", `/vapp/templates/sample${query}`, { headers }));
const endTour = (body: unknown, token = owner.token) =>
  welcomeTour.POST(jsonRequest("POST", "/vapp/users/welcome-tour", { body, headers: bearer(token), csrf: false }));

describe("GET /vapp/templates/sample", () => {
  it.each([
    ["en", "Services agreement sample.docx", ["Start date", "Client name", "Fee", "Term months", "Jurisdiction"]],
    [
      "es",
      "Contrato de servicios ejemplo.docx",
      ["Fecha de inicio", "Nombre del cliente", "Honorarios", "Meses de duración", "Jurisdicción"],
    ],
  ])("lang=%s is a real .docx whose [square-bracket] variables are detected", async (lang, fileName, variables) => {
    const response = await getSample(`?lang=${lang}`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/vnd.openxmlformats-officedocument.wordprocessingml.document");
    const disposition = response.headers.get("content-disposition") ?? "";
    expect(disposition).toMatch(/^attachment; /);
    expect(disposition).toContain(`filename*=UTF-8''${encodeURIComponent(fileName)}`);
    const bytes = new Uint8Array(await response.arrayBuffer());
    expect(Number(response.headers.get("content-length"))).toBe(bytes.byteLength);

    const { text } = readDocx(bytes);
    expect(detectVariables(text)).toEqual({ format: "bracket", variables });

    // And the upload the tour asks for takes it as it is.
    const { ctx } = await signedInAs(owner.id, owner.accountId);
    const template = await createTemplate(ctx, { name: `Services agreement [${variables[1]}]` }, { name: fileName, bytes });
    expect(template.delimiter).toBe("bracket");
    expect((template.variables as { name: string }[]).map((v) => v.name)).toEqual(variables);
  });

  it("the texts are in the sample's language", async () => {
    const en = readDocx(new Uint8Array(await (await getSample("?lang=en")).arrayBuffer())).text;
    const es = readDocx(new Uint8Array(await (await getSample("?lang=es")).arrayBuffer())).text;
    expect(en).toContain("SERVICES AGREEMENT");
    expect(es).toContain("CONTRATO DE PRESTACIÓN DE SERVICIOS");
    expect(es).not.toContain("Services");
  });

  it("without lang, follows the user's language (Spanish, else English)", async () => {
    const spanish = await createUser({ language: "es" });
    const { accessToken } = await signedInAs(spanish.id);
    const response = await getSample("", bearer(accessToken));
    expect(response.headers.get("content-disposition")).toContain(encodeURIComponent("Contrato de servicios ejemplo.docx"));
    const english = await getSample("");
    expect(english.headers.get("content-disposition")).toContain(encodeURIComponent("Services agreement sample.docx"));
  });

  it("refuses another language and anyone signed out", async () => {
    expect((await getSample("?lang=fr")).status).toBe(400);
    expect((await getSample("?lang=en", {})).status).toBe(401);
  });
});

describe("POST /vapp/users/welcome-tour", () => {
  it("a skip sets hasSeenWelcomeTour, keeps the other flags and is audited as a skip with its step", async () => {
    const user = await createUser();
    await db.user.update({ where: { id: user.id }, data: { metadata: { hasSeenWelcomeTourFlow: true } } });
    const { accessToken } = await signedInAs(user.id);
    expect(hasSeenWelcomeTour((await db.user.findUniqueOrThrow({ where: { id: user.id } })).metadata)).toBe(false);

    const response = await endTour({ outcome: "skipped", step: "welcome" }, accessToken);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ hasSeenWelcomeTourFlow: true, hasSeenWelcomeTour: true });
    const stored = await db.user.findUniqueOrThrow({ where: { id: user.id } });
    expect(hasSeenWelcomeTour(stored.metadata)).toBe(true);

    const audits = await db.audit.findMany({ where: { userId: user.id, eventType: { startsWith: "user." } } });
    expect(audits.map((a) => a.eventType)).toEqual(["user.welcomeTourSkipped"]);
    expect(audits[0]).toMatchObject({ targetType: "user", targetId: user.id, payload: { step: "welcome", hasSeenWelcomeTour: true } });
  });

  it("finishing is audited apart from a skip", async () => {
    const user = await createUser();
    const { accessToken } = await signedInAs(user.id);
    expect((await endTour({ outcome: "finished", step: "template-done" }, accessToken)).status).toBe(200);
    const events = await db.audit.findMany({ where: { userId: user.id, eventType: { startsWith: "user.welcomeTour" } } });
    expect(events.map((e) => [e.eventType, (e.payload as { step: string }).step])).toEqual([["user.welcomeTourFinished", "template-done"]]);
  });

  it("only changes the caller's own metadata", async () => {
    const other = await createUser();
    expect((await endTour({ outcome: "skipped", step: "add" })).status).toBe(200);
    expect(hasSeenWelcomeTour((await db.user.findUniqueOrThrow({ where: { id: owner.id } })).metadata)).toBe(true);
    expect((await db.user.findUniqueOrThrow({ where: { id: other.id } })).metadata).toEqual({});
  });

  it("refuses bad input, a cookie session without the CSRF token, and anyone signed out", async () => {
    const user = await createUser();
    const { accessToken } = await signedInAs(user.id);
    expect((await endTour({ outcome: "ignored", step: "welcome" }, accessToken)).status).toBe(400);
    expect((await endTour({ outcome: "skipped", step: "<script>" }, accessToken)).status).toBe(400);
    expect((await endTour({ outcome: "skipped", step: "welcome", hasSeenWelcomeTourFlow: true }, accessToken)).status).toBe(400);
    const noCsrf = await welcomeTour.POST(
      jsonRequest("POST", "/vapp/users/welcome-tour", {
        body: { outcome: "skipped", step: "welcome" },
        cookies: { "next-auth.session-token": accessToken },
        csrf: false,
      }),
    );
    expect(noCsrf.status).toBe(403);
    const signedOut = await welcomeTour.POST(
      jsonRequest("POST", "/vapp/users/welcome-tour", { body: { outcome: "skipped", step: "welcome" } }),
    );
    expect(signedOut.status).toBe(401);
    expect((await db.user.findUniqueOrThrow({ where: { id: user.id } })).metadata).toEqual({});
  });
});

describe("hasSeenWelcomeTour", () => {
  it("is true only for a stored true", () => {
    expect(hasSeenWelcomeTour({ hasSeenWelcomeTour: true })).toBe(true);
    for (const value of [{}, null, undefined, { hasSeenWelcomeTour: "true" }, { hasSeenWelcomeTour: false }, []]) {
      expect(hasSeenWelcomeTour(value)).toBe(false);
    }
  });
});
