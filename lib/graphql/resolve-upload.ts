import type { z } from "zod";
import type { ServiceContext } from "@/lib/auth/context";
import { runOperation, type Operation } from "@/lib/operations/operation";
import { uploadedFile } from "./builder";

/**
 * The resolver of a GraphQL field backed by a declared upload: the `File` arguments are read
 * (each refused past the upload size before its bytes are read) and join the input as `files`,
 * as the REST route's multipart parts do; then runOperation validates and runs it alike.
 */
export function resolveUpload<I extends z.ZodType, O extends z.ZodType, R, T = R>(
  operation: Operation<I, O, R>,
  toInput: (args: Record<string, unknown>) => Record<string, unknown>,
  filesOf: (args: Record<string, unknown>) => File[],
  pick?: (result: R) => T,
) {
  return async (_root: unknown, args: Record<string, unknown>, { ctx }: { ctx: ServiceContext }): Promise<T> => {
    const files = [];
    for (const file of filesOf(args)) files.push(await uploadedFile(file));
    const result = await runOperation(operation, ctx, { ...toInput(args), files });
    return pick ? pick(result) : (result as unknown as T);
  };
}
