import { memberOperations } from "@/lib/accounts/member-operations";
import { categoryOperations } from "@/lib/categories/category-operations";
import { attachmentOperations } from "@/lib/documents/attachment-operations";
import { documentFileOperations } from "@/lib/documents/document-file-operations";
import { documentOperations } from "@/lib/documents/document-operations";
import { searchOperations } from "@/lib/search/search-operations";
import { tagOperations } from "@/lib/tags/tag-operations";
import type { Operation } from "./operation";

/**
 * Every declared operation. The isolation test walks this list: a declaration with `ids` and no
 * isolation case fails it. Add a domain's operations here when it gets its declarations.
 */
const declared = [
  ...memberOperations,
  ...categoryOperations,
  ...tagOperations,
  ...documentOperations,
  ...documentFileOperations,
  ...attachmentOperations,
  ...searchOperations,
];

export const OPERATIONS: readonly Operation[] = declared as readonly Operation[];

/** The declarations by name, typed: the browser's client takes its input and output types from here (types only). */
export type DeclaredOperations = { [O in (typeof declared)[number] as O["name"]]: O };
