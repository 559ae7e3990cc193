import { z } from "zod";
import { defineOperation } from "@/lib/operations/operation";
import { activityPage } from "./activity";
import { idString } from "@/lib/validation/ids";

/**
 * Activity by document or email (spec section 7), declared once for REST and GraphQL: a
 * document's events (reader), or the events of the approvals and signatures asked of one address
 * on the documents the caller sees. Newest first, paged by the last event's id.
 */
const activityItem = z.object({
  id: z.string(),
  eventType: z.string(),
  createdAt: z.date(),
  via: z.string(),
  actor: z.string().nullable(),
  targetType: z.string(),
  documentId: z.string().nullable(),
  payload: z.record(z.string(), z.unknown()),
});

export const activityOperation = defineOperation({
  name: "activity",
  kind: "query",
  description: "Events of a document (reader) or of the approvals and signatures asked of an email, newest first; 25 unless asked.",
  callers: ["member", "apiToken"],
  input: z
    .object({
      documentId: idString().optional(),
      email: z.email().max(320).optional(),
      cursor: idString().optional(),
      take: z.coerce.number().int().min(1).max(100).optional(),
    })
    .strict()
    .refine((input) => !!input.documentId !== !!input.email, { message: "Give either a documentId or an email.", path: ["documentId"] }),
  output: z.object({ items: z.array(activityItem), nextCursor: z.string().nullable() }),
  ids: ["documentId"],
  run: (ctx, input) => activityPage(ctx, input),
});

export const activityOperations = [activityOperation] as const;
