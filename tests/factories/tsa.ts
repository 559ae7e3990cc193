import { execFile } from "node:child_process";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";

const run = promisify(execFile);

/**
 * A local RFC 3161 time-stamping authority for tests: OpenSSL's own `ts -reply` answers each
 * request, so our requests and tokens are checked against an implementation that is not ours.
 * `mode` makes it misbehave: `down` answers HTTP 503, `stale` replays the first reply it gave.
 */
export type FakeTsa = {
  url: string;
  dir: string;
  /** The authority's certificate (PEM path), for `openssl ts -verify -CAfile`. */
  certificate: string;
  requests: number;
  mode: "ok" | "down" | "stale";
  close(): Promise<void>;
};

export async function startFakeTsa(): Promise<FakeTsa> {
  const dir = mkdtempSync(path.join(tmpdir(), "tsa-"));
  const certificate = path.join(dir, "tsa.crt");
  await run("openssl", [
    "req",
    "-x509",
    "-newkey",
    "rsa:2048",
    "-nodes",
    "-keyout",
    path.join(dir, "tsa.key"),
    "-out",
    certificate,
    "-days",
    "2",
    "-subj",
    "/CN=Test Time Stamping Authority",
    "-addext",
    "extendedKeyUsage=critical,timeStamping",
  ]);
  writeFileSync(path.join(dir, "serial"), "01\n");
  writeFileSync(
    path.join(dir, "tsa.cnf"),
    [
      "[ tsa ]",
      "default_tsa = test_tsa",
      "[ test_tsa ]",
      `serial = ${path.join(dir, "serial")}`,
      "crypto_device = builtin",
      `signer_cert = ${certificate}`,
      `signer_key = ${path.join(dir, "tsa.key")}`,
      "signer_digest = sha256",
      "default_policy = 1.2.3.4.1",
      "digests = sha256",
      "accuracy = secs:1",
      "ordering = yes",
      "tsa_name = no",
      "ess_cert_id_chain = no",
      "ess_cert_id_alg = sha256",
      "",
    ].join("\n"),
  );
  let first: Buffer | null = null;
  let count = 0;
  const tsa: FakeTsa = {
    url: "",
    dir,
    certificate,
    requests: 0,
    mode: "ok",
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
  const server: Server = createServer((request, response) => {
    const parts: Buffer[] = [];
    request.on("data", (part: Buffer) => parts.push(part));
    request.on("end", () => {
      tsa.requests++;
      if (tsa.mode === "down") return void response.writeHead(503).end();
      if (tsa.mode === "stale" && first) {
        response.writeHead(200, { "content-type": "application/timestamp-reply" });
        return void response.end(first);
      }
      const n = ++count;
      const query = path.join(dir, `q${n}.tsq`);
      const reply = path.join(dir, `r${n}.tsr`);
      writeFileSync(query, Buffer.concat(parts));
      run("openssl", ["ts", "-reply", "-config", path.join(dir, "tsa.cnf"), "-queryfile", query, "-out", reply])
        .then(() => {
          const bytes = readFileSync(reply);
          first ??= bytes;
          response.writeHead(200, { "content-type": "application/timestamp-reply" });
          response.end(bytes);
        })
        .catch(() => response.writeHead(500).end());
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  tsa.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/tsa`;
  return tsa;
}
