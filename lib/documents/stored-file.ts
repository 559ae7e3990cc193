import { AppError, AppErrorCode } from "@/lib/errors/app-error";
import { storage } from "@/lib/storage/storage";

/** Reads a stored file whole (templates and versions are bounded by the upload limit). */
export async function readStored(key: string): Promise<Uint8Array> {
  const stored = await storage().get(key);
  if (!stored) throw new AppError(AppErrorCode.NOT_FOUND, { message: "The file is missing." });
  return new Uint8Array(await new Response(stored.stream).arrayBuffer());
}
