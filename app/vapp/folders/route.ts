import { z } from "zod";
import { FOLDER_GROUPS } from "@/lib/folders/folder-types";
import { createFolder, folderInputSchema, folderTree } from "@/lib/folders/folders";
import { route } from "@/lib/http/route";

/** The tree of a group (?group=document|template) under its 'Drive' root. */
export const GET = route(
  { operation: "folders", input: z.object({ group: z.enum(FOLDER_GROUPS).default("document") }).strict() },
  async ({ ctx, input }) => folderTree(ctx, input.group),
);

export const POST = route({ operation: "createFolder", input: folderInputSchema }, async ({ ctx, input }) => createFolder(ctx, input));
