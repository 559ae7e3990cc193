import { deleteFolders, folderUpdateSchema, updateFolder } from "@/lib/folders/folders";
import { route } from "@/lib/http/route";

/** Rename and/or move: { name?, parentId? }. */
export const PUT = route({ operation: "updateFolder", input: folderUpdateSchema }, async ({ ctx, params, input }) =>
  updateFolder(ctx, params.id, input),
);

export const DELETE = route({ operation: "deleteFolder" }, async ({ ctx, params }) => ({ ids: await deleteFolders(ctx, [params.id]) }));
