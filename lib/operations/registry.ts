/**
 * The registry moved above the domains (lib/registry/operations.ts); this path stays only for
 * tests/unit/graphql/declaration-drift.test.ts until it imports the new one. Import nothing from here.
 */
export { OPERATIONS, type DeclaredOperations } from "@/lib/registry/operations";
