import { memberOperations } from "@/lib/accounts/member-operations";
import { categoryOperations } from "@/lib/categories/category-operations";
import { tagOperations } from "@/lib/tags/tag-operations";
import { requestAccessOperations } from "@/lib/accounts/request-access-operations";
import { commentOperations } from "@/lib/documents/comment-operations";
import { policyOperations } from "@/lib/documents/policy-operations";
import { relationOperations } from "@/lib/documents/relation-operations";
import { linkOperations } from "@/lib/links/link-operations";
import { visitorOperations } from "@/lib/links/visitor-operations";
import type { Operation } from "./operation";

/**
 * Every declared operation. The isolation test walks this list: a declaration with `ids` and no
 * isolation case fails it. Add a domain's operations here when it gets its declarations.
 */
const declared = [
  ...memberOperations,
  ...categoryOperations,
  ...tagOperations,
  // Collaboration around a document: policies, share links and their visitors, relations, comments.
  ...policyOperations,
  ...linkOperations,
  ...visitorOperations,
  ...relationOperations,
  ...commentOperations,
  ...requestAccessOperations,
];

export const OPERATIONS: readonly Operation[] = declared as readonly Operation[];

/** The declarations by name, typed: the browser's client takes its input and output types from here (types only). */
export type DeclaredOperations = { [O in (typeof declared)[number] as O["name"]]: O };
