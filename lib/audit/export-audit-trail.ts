import { z } from "zod";
import { requireAccount, type ServiceContext } from "@/lib/auth/context";
import { db } from "@/lib/db";
import { fileResponse } from "@/lib/http/file-response";
import { defineOperation, fileOutput } from "@/lib/operations/operation";
import { AUDIT_EXPORT_FORMAT, type ChainRow } from "./audit-chain";

/** Rows read per statement while the export streams. */
const PAGE_SIZE = 1000;

/** One page of the workspace's chain after `after`, as the hash saw it: payload as text, time in UTC with milliseconds. */
async function readPage(accountId: string, after: number): Promise<ChainRow[]> {
  return db.$queryRaw<ChainRow[]>`
    SELECT "sequence", "id", "accountId", "userId", "toUserId", "eventType", "targetType", "targetId", "targetContext",
           "payload"::text AS "payload", "via", "viaId", "ip", "userAgent",
           to_char("createdAt", 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "createdAt", "previousHash", "hash"
    FROM "Audit"
    WHERE "accountId" = ${accountId} AND "sequence" > ${after}
    ORDER BY "sequence"
    LIMIT ${PAGE_SIZE}`;
}

/**
 * The workspace's whole audit trail as one JSON document (docs/audit-chain.md), streamed page by
 * page so a long trail never sits in memory. Needs ViewAudit. The first page is read before the
 * answer starts, so a refusal is an ordinary error, not a broken download.
 */
export async function exportAuditTrail(ctx: ServiceContext): Promise<ReadableStream<Uint8Array>> {
  requireAccount(ctx);
  const accountId = ctx.accountId;
  const encoder = new TextEncoder();
  let page = await readPage(accountId, 0);
  let first = true;
  const head = `{"format":${JSON.stringify(AUDIT_EXPORT_FORMAT)},"accountId":${JSON.stringify(accountId)},"exportedAt":${JSON.stringify(new Date().toISOString())},"rows":[`;
  let started = false;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (!started) {
        started = true;
        controller.enqueue(encoder.encode(head));
      }
      if (page.length === 0) {
        controller.enqueue(encoder.encode("]}\n"));
        controller.close();
        return;
      }
      const chunk = page.map((row, i) => `${first && i === 0 ? "" : ","}\n${JSON.stringify(row)}`).join("");
      first = false;
      controller.enqueue(encoder.encode(chunk));
      page = page.length < PAGE_SIZE ? [] : await readPage(accountId, page.at(-1)!.sequence);
    },
  });
}

/** GET /vapp/accounts/audit/export: the declaration. */
export const exportAuditTrailOperation = defineOperation({
  name: "exportAuditTrail",
  kind: "download",
  description: "The workspace's audit trail as a hash chain in JSON, which `npm run audit:verify` checks offline.",
  input: z.object({}),
  output: fileOutput,
  callers: ["member", "apiToken"],
  permission: "ViewAudit",
  run: async (ctx) => {
    const day = new Date().toISOString().slice(0, 10);
    return fileResponse({
      stream: await exportAuditTrail(ctx),
      mimetype: "application/json; charset=utf-8",
      fileName: `audit-trail-${day}.json`,
    });
  },
});
