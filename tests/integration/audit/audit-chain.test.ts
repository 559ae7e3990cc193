import { execFile } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";
import { GET } from "@/app/vapp/accounts/audit/export/route";
import { POST as verifyRoute } from "@/app/vapp/accounts/audit/verify/route";
import { auditExportSchema, chainHash, verifyChain, type AuditExport } from "@/lib/audit/audit-chain";
import { recordAudit } from "@/lib/audit/record-audit";
import { db } from "@/lib/db";
import { createDocumentFromUpload } from "@/lib/documents/create-document";
import { addMember, createAccount, signedInAs } from "@/tests/factories";
import { makeDocx } from "@/tests/fixtures/docx";
import { jsonRequest, params } from "@/tests/factories/http";

/** A workspace with some history: its creation, a document, a status change. */
async function workspaceWithHistory() {
  const { account, owner } = await createAccount("Chain");
  const session = await signedInAs(owner.id, account.id);
  await createDocumentFromUpload(session.ctx, { name: "Chained" }, { name: "chained.docx", bytes: makeDocx(["Chained terms"]) });
  return { account, owner, session };
}

async function exportAs(accessToken: string) {
  const response = await GET(jsonRequest("GET", "/vapp/accounts/audit/export", { headers: { authorization: `Bearer ${accessToken}` } }));
  return { response, text: response.ok ? await response.text() : null };
}

describe("the audit trail as a hash chain", () => {
  it("chains every row of a workspace in order, and its export verifies offline", async () => {
    const { account, session } = await workspaceWithHistory();
    const { response, text } = await exportAs(session.accessToken);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/json; charset=utf-8");
    expect(response.headers.get("content-disposition")).toMatch(/^attachment; filename="audit-trail-\d{4}-\d\d-\d\d\.json"/);
    const exported = auditExportSchema.parse(JSON.parse(text!));
    expect(exported.accountId).toBe(account.id);
    expect(exported.rows.map((r) => r.sequence)).toEqual(exported.rows.map((_, i) => i + 1));
    expect(exported.rows.map((r) => r.eventType)).toContain("document.created");
    expect(exported.rows[0]!.previousHash).toBeNull();
    expect(verifyChain(exported.rows)).toMatchObject({ valid: true, rows: exported.rows.length });
    // What the database stored is what TypeScript computes from the exported fields.
    for (const row of exported.rows) expect(chainHash(row)).toBe(row.hash);
  });

  it("breaks where a row was edited, removed or added, and says where", async () => {
    const { session } = await workspaceWithHistory();
    const exported = auditExportSchema.parse(JSON.parse((await exportAs(session.accessToken)).text!));
    const rows = exported.rows;
    expect(rows.length).toBeGreaterThanOrEqual(2);

    const edited = rows.map((r, i) => (i === 1 ? { ...r, payload: r.payload.replace("}", ', "forged": true}') } : r));
    expect(verifyChain(edited)).toMatchObject({ valid: false, brokenAt: { sequence: 2, reason: "hash" } });
    const renamed = rows.map((r, i) => (i === 0 ? { ...r, userId: "someone-else" } : r));
    expect(verifyChain(renamed)).toMatchObject({ valid: false, brokenAt: { sequence: 1, reason: "hash" } });
    expect(verifyChain(rows.filter((_, i) => i !== 0))).toMatchObject({ valid: false, brokenAt: { reason: "sequence" } });
    // A row edited in the database itself: its stored hash no longer fits.
    await db.audit.update({ where: { id: rows[0]!.id }, data: { eventType: "nothing.happened" } });
    const afterEdit = auditExportSchema.parse(JSON.parse((await exportAs(session.accessToken)).text!));
    expect(verifyChain(afterEdit.rows)).toMatchObject({ valid: false, brokenAt: { sequence: 1, id: rows[0]!.id, reason: "hash" } });
  });

  it("keeps one line when many writers record at once", async () => {
    const { account, session } = await workspaceWithHistory();
    await Promise.all(
      Array.from({ length: 25 }, (_, i) =>
        db.$transaction((tx) => recordAudit(tx, session.ctx, { eventType: "test.parallel", targetType: "Account", targetId: String(i) })),
      ),
    );
    const rows = await db.audit.findMany({ where: { accountId: account.id }, orderBy: { sequence: "asc" }, select: { sequence: true } });
    expect(rows.map((r) => r.sequence)).toEqual(rows.map((_, i) => i + 1));
    const exported = auditExportSchema.parse(JSON.parse((await exportAs(session.accessToken)).text!));
    expect(verifyChain(exported.rows)).toMatchObject({ valid: true, rows: rows.length });
  });

  it("is for those who may view the audit: a Member is refused", async () => {
    const { account } = await workspaceWithHistory();
    const member = await addMember(account.id, "Member");
    const { accessToken } = await signedInAs(member.id, account.id);
    const { response } = await exportAs(accessToken);
    expect(response.status).toBe(403);
  });

  it("npm run audit:verify checks a file: 0 when it holds, 1 where it breaks", async () => {
    const { session } = await workspaceWithHistory();
    const exported = JSON.parse((await exportAs(session.accessToken)).text!) as AuditExport;
    const dir = mkdtempSync(path.join(tmpdir(), "audit-"));
    const good = path.join(dir, "good.json");
    const bad = path.join(dir, "bad.json");
    writeFileSync(good, JSON.stringify(exported));
    writeFileSync(bad, JSON.stringify({ ...exported, rows: exported.rows.map((r, i) => (i === 0 ? { ...r, ip: "10.6.6.6" } : r)) }));
    const run = promisify(execFile);
    const tsx = path.resolve("node_modules/.bin/tsx");
    const ok = await run(tsx, ["scripts/verify-audit.ts", good]);
    expect(ok.stdout).toContain(`The chain holds: ${exported.rows.length} rows`);
    const broken = await run(tsx, ["scripts/verify-audit.ts", bad]).catch((error: { code: number; stderr: string }) => error);
    expect(broken).toMatchObject({ code: 1 });
    expect((broken as { stderr: string }).stderr).toContain(`The chain breaks at row 1 (${exported.rows[0]!.id})`);
  });

  it("the workspace settings check an uploaded export the same way, over REST; not an export is FILE_UNREADABLE", async () => {
    const { account, session } = await workspaceWithHistory();
    const text = (await exportAs(session.accessToken)).text!;
    const exported = JSON.parse(text) as AuditExport;
    const check = async (body: string, accessToken = session.accessToken) => {
      const form = new FormData();
      form.append("file", new Blob([body], { type: "application/json" }), "audit-trail.json");
      const response = await verifyRoute(
        new Request("http://localhost:3000/vapp/accounts/audit/verify", {
          method: "POST",
          body: form,
          headers: { authorization: `Bearer ${accessToken}` },
        }),
        params({}),
      );
      return { status: response.status, body: (await response.json()) as Record<string, unknown> };
    };
    expect(await check(text)).toEqual({
      status: 200,
      body: {
        valid: true,
        rows: exported.rows.length,
        accountId: account.id,
        exportedAt: exported.exportedAt,
        lastHash: exported.rows.at(-1)!.hash,
        brokenAt: null,
      },
    });
    const edited = { ...exported, rows: exported.rows.map((r, i) => (i === 1 ? { ...r, eventType: "document.deleted" } : r)) };
    expect(await check(JSON.stringify(edited))).toMatchObject({
      status: 200,
      body: { valid: false, brokenAt: { sequence: 2, id: exported.rows[1]!.id, reason: "hash" } },
    });
    const removed = { ...exported, rows: exported.rows.filter((_, i) => i !== 1) };
    expect(await check(JSON.stringify(removed))).toMatchObject({ body: { valid: false, brokenAt: { sequence: 3, reason: "sequence" } } });
    expect(await check("{ not json")).toMatchObject({ status: 400, body: { error: { code: "FILE_UNREADABLE" } } });
    expect(await check(JSON.stringify({ format: "other" }))).toMatchObject({ status: 400, body: { error: { code: "FILE_UNREADABLE" } } });

    const member = await addMember(account.id, "Member");
    const { accessToken } = await signedInAs(member.id, account.id);
    expect((await check(text, accessToken)).status).toBe(403);
  });
});
