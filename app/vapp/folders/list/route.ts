import { listFoldersOperation } from "@/lib/folders/folder-operations";
import { restRoute } from "@/lib/operations/rest";

/** The folders of a group (?group=document|template), or only the children of ?parent= (`root`: the top level) (GraphQL `folders`). */
export const GET = restRoute(listFoldersOperation, {
  map: ({ parent, ...rest }) => ({ ...rest, ...(parent === undefined ? {} : { parent: parent === "root" ? null : parent }) }),
});
