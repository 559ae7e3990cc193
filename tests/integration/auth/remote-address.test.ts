import { readFileSync } from "node:fs";
import { createServer, request as httpRequest, type IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it, vi } from "vitest";
import { POST as login } from "@/app/vapp/auth/provider/local/route";
import { REMOTE_ADDRESS_FLAG, REMOTE_ADDRESS_HEADER, requestIp } from "@/lib/auth/get-request-context";
import { db } from "@/lib/db";
import { createUser, PASSWORD } from "@/tests/factories";
import { jsonRequest, setCookies } from "@/tests/factories/http";
import { readSessionJwt, sessionCookieName } from "@/lib/auth/session-jwt";
import * as script from "../../../scripts/remote-address.mjs";

/**
 * Without TRUST_PROXY the app records the connection's own address (issue 39): the entry server
 * (scripts/server.mjs) writes it into an internal header after removing any copy the client
 * sent, and the request context believes that header only when that server says it set it.
 */
const headers = (values: Record<string, string>) => ({ header: (name: string) => values[name] ?? null });

/** What a request reaches the handler with, after markRemoteAddress, when the client sent `sent`. */
async function throughEntryServer(sent: Record<string, string>): Promise<{ headers: IncomingHttpHeaders; rawHeaders: string[] }> {
  let seen: { headers: IncomingHttpHeaders; rawHeaders: string[] } | null = null;
  const server = createServer((request, response) => {
    script.markRemoteAddress(request);
    seen = { headers: { ...request.headers }, rawHeaders: [...request.rawHeaders] };
    response.end("ok");
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve, reject) => {
    const req = httpRequest({ host: "127.0.0.1", port, path: "/", headers: sent }, (res) => res.resume().on("end", resolve));
    req.on("error", reject);
    req.end();
  });
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return seen!;
}

afterEach(() => vi.unstubAllEnvs());

describe("the connection's address without TRUST_PROXY", () => {
  it("the entry server replaces a client-sent copy of the header by the socket's address", async () => {
    expect(script.REMOTE_ADDRESS_HEADER).toBe(REMOTE_ADDRESS_HEADER);
    expect(script.REMOTE_ADDRESS_FLAG).toBe(REMOTE_ADDRESS_FLAG);
    const seen = await throughEntryServer({ "X-Covenant-Remote-Address": "6.6.6.6", "x-forwarded-for": "7.7.7.7" });
    expect(seen.headers[REMOTE_ADDRESS_HEADER]).toBe("127.0.0.1");
    const raw = seen.rawHeaders.filter((_, i) => i % 2 === 0 && seen.rawHeaders[i].toLowerCase() === REMOTE_ADDRESS_HEADER);
    expect(raw).toHaveLength(1);
    expect(seen.rawHeaders).not.toContain("6.6.6.6");
    // …and the app reads it when the entry server's flag is set, without TRUST_PROXY.
    const src = headers(seen.headers as Record<string, string>);
    expect(requestIp(src, { [REMOTE_ADDRESS_FLAG]: "1", TRUST_PROXY: "1" })).toBe("7.7.7.7");
    delete seen.headers["x-forwarded-for"];
    expect(requestIp(src, { [REMOTE_ADDRESS_FLAG]: "1" })).toBe("127.0.0.1");
  });

  it("ships with the entry server: the image copies every script it imports", () => {
    const imports = [...readFileSync("scripts/server.mjs", "utf8").matchAll(/from "\.\/([\w-]+\.mjs)"/g)].map((m) => m[1]);
    expect(imports).toContain("remote-address.mjs");
    const dockerfile = readFileSync("Dockerfile", "utf8");
    for (const file of imports) expect(dockerfile).toContain(`/app/scripts/${file}`);
  });

  it("believes the header only when the entry server set it, never over TRUST_PROXY nor through an undeclared proxy", () => {
    const direct = headers({ [REMOTE_ADDRESS_HEADER]: "203.0.113.9" });
    // `next dev` or any other way of serving: no flag, the header is a client's and ignored.
    expect(requestIp(direct, {})).toBeNull();
    expect(requestIp(direct, { [REMOTE_ADDRESS_FLAG]: "1" })).toBe("203.0.113.9");
    // A forwarding header without TRUST_PROXY: a proxy may stand in between, whose address is not the caller's.
    const proxied = headers({ [REMOTE_ADDRESS_HEADER]: "10.0.0.2", "x-forwarded-for": "6.6.6.6, 198.51.100.2" });
    expect(requestIp(proxied, { [REMOTE_ADDRESS_FLAG]: "1" })).toBeNull();
    expect(requestIp(headers({ [REMOTE_ADDRESS_HEADER]: "10.0.0.2", "x-real-ip": "1.2.3.4" }), { [REMOTE_ADDRESS_FLAG]: "1" })).toBeNull();
    expect(
      requestIp(headers({ [REMOTE_ADDRESS_HEADER]: "10.0.0.2", forwarded: "for=1.2.3.4" }), { [REMOTE_ADDRESS_FLAG]: "1" }),
    ).toBeNull();
    // With TRUST_PROXY the proxies' report wins; the connection is the proxy's.
    expect(requestIp(proxied, { [REMOTE_ADDRESS_FLAG]: "1", TRUST_PROXY: "1" })).toBe("198.51.100.2");
    expect(requestIp(headers({ [REMOTE_ADDRESS_HEADER]: "203.0.113.9" }), { [REMOTE_ADDRESS_FLAG]: "1", TRUST_PROXY: "1" })).toBeNull();
    // An IPv4 connection on a dual-stack socket reads as its IPv4 address; anything else is no address.
    expect(requestIp(headers({ [REMOTE_ADDRESS_HEADER]: "::ffff:192.0.2.10" }), { [REMOTE_ADDRESS_FLAG]: "1" })).toBe("192.0.2.10");
    expect(requestIp(headers({ [REMOTE_ADDRESS_HEADER]: "::1" }), { [REMOTE_ADDRESS_FLAG]: "1" })).toBe("::1");
    expect(requestIp(headers({ [REMOTE_ADDRESS_HEADER]: "<script>" }), { [REMOTE_ADDRESS_FLAG]: "1" })).toBeNull();
  });

  it("a session records the connection's address, and a client's copy of the header is not believed", async () => {
    const sessionIp = async (headerValues: Record<string, string>) => {
      const user = await createUser();
      const response = await login(
        jsonRequest("POST", "/vapp/auth/provider/local", { body: { email: user.email, password: PASSWORD }, headers: headerValues }),
      );
      expect(response.status).toBe(200);
      const claims = await readSessionJwt(setCookies(response)[sessionCookieName()]);
      return (await db.session.findUniqueOrThrow({ where: { id: claims!.sid } })).ip;
    };
    vi.stubEnv("TRUST_PROXY", "");
    vi.stubEnv(REMOTE_ADDRESS_FLAG, "");
    expect(await sessionIp({ [REMOTE_ADDRESS_HEADER]: "203.0.113.50" })).toBeNull();
    vi.stubEnv(REMOTE_ADDRESS_FLAG, "1");
    expect(await sessionIp({ [REMOTE_ADDRESS_HEADER]: "203.0.113.50" })).toBe("203.0.113.50");
  });
});
