/**
 * Plan capabilities until the billing issue brings products: a new workspace is on the free plan
 * with these capabilities (spec section 6 names them).
 */
export const ALL_CAPABILITIES = [
  "documents",
  "templates",
  "collections",
  "analytics",
  "rules",
  "workflows",
  "crm",
  "ticketing",
  "supportHelpCenter",
  "supportChat",
  "brandingColors",
  "import",
] as const;

export const FREE_PLAN_CAPABILITIES: string[] = ["documents", "templates", "supportHelpCenter"];
