/** A role as the roles screen lists it: its permissions and how many members hold it. */
export type RoleRow = { id: string; name: string; global: boolean; permissions: string[]; members: number };
