/**
 * Limits of a workspace's name and settings. No zod: the settings form (a client component)
 * loads this file for its inputs, and update-account.ts builds its schema on the same numbers.
 */
export const ACCOUNT_LIMITS = {
  name: 120,
  refBuilder: 100,
  refCounter: 1_000_000_000,
  hiddenCategories: 500,
} as const;
