import { db } from "@/lib/db";

/**
 * Adds keys to a version's metadata (DocumentContent.metadata) in one UPDATE: PostgreSQL merges
 * them into the stored value (`||`), so writes at the same time (the PDF rendition's key, the
 * page count, the text job's marks) each keep the others' keys, with no read first and no lock
 * held while a file is converted. DocumentContent has no updatedAt for this to move.
 */
export async function mergeVersionMetadata(contentId: string, keys: Record<string, string | number | boolean | null>): Promise<void> {
  await db.$executeRaw`
    UPDATE "DocumentContent" SET "metadata" = coalesce("metadata", '{}'::jsonb) || ${JSON.stringify(keys)}::jsonb
    WHERE id = ${contentId}`;
}
