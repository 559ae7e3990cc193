-- The five global account roles (spec section 6). Their permission strings live in
-- lib/auth/permissions.ts (the single source of truth) and these rows give them stable ids.
-- Note: no semicolons in comments, the PostgreSQL driver adapter splits scripts on them.
INSERT INTO "AccountRole" ("id", "accountId", "name", "global", "permissions", "object", "metadata", "createdAt", "updatedAt") VALUES
  ('role_guest', NULL, 'Guest', true, ARRAY[]::TEXT[], 'account', '{}', CURRENT_TIMESTAMP, CURRENT_TIMESTAMP),
  ('role_member', NULL, 'Member', true, ARRAY[]::TEXT[], 'account', '{}', CURRENT_TIMESTAMP, CURRENT_TIMESTAMP),
  ('role_manager', NULL, 'Manager', true, ARRAY[]::TEXT[], 'account', '{}', CURRENT_TIMESTAMP, CURRENT_TIMESTAMP),
  ('role_administrator', NULL, 'Administrator', true, ARRAY[]::TEXT[], 'account', '{}', CURRENT_TIMESTAMP, CURRENT_TIMESTAMP),
  ('role_support_team', NULL, 'SupportTeam', true, ARRAY[]::TEXT[], 'account', '{}', CURRENT_TIMESTAMP, CURRENT_TIMESTAMP)
ON CONFLICT ("id") DO NOTHING;
