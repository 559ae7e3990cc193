import { memberOperations } from "@/lib/accounts/member-operations";
import { categoryOperations } from "@/lib/categories/category-operations";
import { tagOperations } from "@/lib/tags/tag-operations";
import type { Operation } from "./operation";

/**
 * Every declared operation. The isolation test walks this list: a declaration with `ids` and no
 * isolation case fails it. Add a domain's operations here when it gets its declarations.
 */
export const OPERATIONS: readonly Operation[] = [...memberOperations, ...categoryOperations, ...tagOperations] as readonly Operation[];
