import { assertCan, type Permission } from "@/lib/auth/permissions";
import type { ServiceContext } from "@/lib/auth/context";
import type { FolderGroup } from "./folder-types";

/**
 * Who may see and change folders: the one rule, which depends on the folder's group, so it cannot
 * be stated on a declaration (their declarations accept any caller of the workspace). Documents'
 * folders want ViewDocuments or ManageDocuments to be seen and ManageDocuments to be changed;
 * templates' the same with the template permissions. FORBIDDEN otherwise.
 */
const FOLDER_PERMISSIONS: Record<"view" | "manage", Record<FolderGroup, readonly Permission[]>> = {
  view: { document: ["ViewDocuments", "ManageDocuments"], template: ["ViewTemplates", "ManageTemplates"] },
  manage: { document: ["ManageDocuments"], template: ["ManageTemplates"] },
};

export function assertFolderAccess(ctx: ServiceContext, group: FolderGroup, access: "view" | "manage") {
  assertCan(ctx, FOLDER_PERMISSIONS[access][group]);
}
