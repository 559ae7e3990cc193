/** The document access tab's roles and the shapes of its rows (policies, members, personal links). */

export const ROLES = ["reader", "commenter", "reviewer", "editor", "owner"] as const;
export type Role = (typeof ROLES)[number];
/** Editors give reader … editor; only owners give owner (docs/permissions.md). */
export const EDITOR_ROLES = ROLES.slice(0, 4);

/** A policy as findDocumentPolicies returns it, after the trip to the browser (dates as strings or Dates). */
export type AccessPolicy = {
  id: string;
  userId: string;
  role: Role;
  status: "active" | "requested" | "refused";
  inAccount: boolean;
  accessedAt: string | Date | null;
  createdAt: string | Date;
  user: { id: string; name: string; email: string; avatar?: string | null };
};

export type AccessMember = { id: string; name: string; email: string };

/** A personal link as the operation personalLinks lists it: someone outside the workspace. */
export type PersonalLink = {
  id: string;
  email: string;
  role: Role;
  expiredAt: string | null;
  isExpired: boolean;
  accessedAt: string | null;
};
