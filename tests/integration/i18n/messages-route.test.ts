import { describe, expect, it } from "vitest";
import * as messagesRoute from "@/app/vapp/messages/[locale]/route";
import { getMessages, messagesVersion } from "@/lib/i18n/messages";
import { jsonRequest } from "@/tests/factories/http";

/**
 * The messages a panel fetches when it opens (components/i18n/lazy-with-messages.tsx): only the
 * keys asked for, in the language asked for; kept by the browser only under the current version
 * of that language's catalogue; unknown languages and keys refused with a sentence.
 */
const get = (locale: string, query: string, headers: Record<string, string> = {}) =>
  messagesRoute.GET(jsonRequest("GET", `/vapp/messages/${locale}?${query}`, { headers }), { params: Promise.resolve({ locale }) });

describe("GET /vapp/messages/{locale}", () => {
  it("answers the keys asked for, nested as in the catalogue, and nothing else", async () => {
    const response = await get("es", "keys=comments,signing.panel,signing.sign.pageAlt");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/json; charset=utf-8");
    const es = getMessages("es");
    expect(await response.json()).toEqual({
      comments: es.comments,
      signing: { panel: es.signing.panel, sign: { pageAlt: es.signing.sign.pageAlt } },
    });
  });

  it("lets the browser keep the answer for good only under the catalogue's current version", async () => {
    const current = await get("pt-br", `keys=reminders&v=${messagesVersion("pt-br")}`);
    expect(current.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect((await current.json()).reminders.title).toBe(getMessages("pt-br").reminders.title);
    // A page built before the catalogue changed asks with its old version: today's messages, checked again next time.
    const stale = await get("pt-br", "keys=reminders&v=old");
    expect(stale.status).toBe(200);
    expect(stale.headers.get("cache-control")).toBe("no-cache");
    expect(messagesVersion("pt-br")).not.toBe(messagesVersion("en"));
  });

  it("refuses an unknown language, an unknown key and a malformed or oversized list, in the caller's language", async () => {
    expect((await get("xx", "keys=comments")).status).toBe(400);
    const unknown = await get("en", "keys=comments,noSuchNamespace", { "accept-language": "es" });
    expect(unknown.status).toBe(400);
    const { error } = (await unknown.json()) as { error: { code: string; message: string } };
    expect(error).toMatchObject({ code: "VALIDATION_FAILED", message: "Algunos campos no son válidos: keys" });
    expect((await get("en", "keys=")).status).toBe(400);
    expect((await get("en", "keys=comments;drop")).status).toBe(400);
    expect((await get("en", "keys=__proto__")).status).toBe(400);
    expect((await get("en", "keys=constructor")).status).toBe(400);
    expect((await get("en", "keys=comments.toString")).status).toBe(400);
    expect((await get("en", `keys=${Array.from({ length: 41 }, () => "comments").join(",")}`)).status).toBe(400);
    expect((await get("en", "")).status).toBe(400);
  });
});
