import { createMember, listMembers, upsertMember } from "@/lib/accounts/member-operations";
import { restRoute } from "@/lib/operations/rest";

/** The workspace's members and invitees, paged; `?status=&search=` filter (GraphQL `accountPolicies`). */
export const GET = restRoute(listMembers, {
  map: ({ status, search, ...rest }) => ({ ...rest, ...(status || search ? { filter: { status, search } } : {}) }),
});

/** Invites one person: { email, roleId } (GraphQL `createAccountPolicy`). */
export const POST = restRoute(createMember, { status: 201 });

/** Changes a membership ({ id or email, roleId?, status? }) or invites a new email with roleId. */
export const PUT = restRoute(upsertMember);
