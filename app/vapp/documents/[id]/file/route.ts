import { z } from "zod";
import { getDocumentFile } from "@/lib/documents/update-document";
import { parseInput } from "@/lib/http/parse-input";
import { fileResponse } from "@/lib/http/file-response";
import { route } from "@/lib/http/route";

const querySchema = z.object({ version: z.coerce.number().int().min(1).optional(), inline: z.enum(["1"]).optional() }).strict();

/** Downloads a version (the latest without ?version=); ?inline=1 lets the browser show a PDF. */
export const GET = route({ operation: "getDocumentFile" }, async ({ ctx, params, req }) => {
  const query = parseInput(querySchema, Object.fromEntries(new URL(req.url).searchParams), "getDocumentFile");
  return fileResponse(await getDocumentFile(ctx, params.id, query.version), { inline: query.inline === "1" });
});
