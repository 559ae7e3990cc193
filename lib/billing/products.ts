import { z } from "zod";
import { db } from "@/lib/db";

/** A plan as the screens read it (spec section 3, Product and its quotas). */
export const quotaSchema = z
  .object({
    id: z.string(),
    amount: z.number().int(),
    currency: z.string(),
    recurring: z.object({ interval: z.object({ each: z.enum(["month", "year"]) }), eachUnit: z.string() }),
    metadata: z.unknown(),
  })
  .describe("A plan's price: amount in cents per month or per year.");

export const productSchema = z
  .object({
    id: z.string(),
    slug: z.string(),
    name: z.string(),
    description: z.string().nullable(),
    position: z.number().int(),
    active: z.boolean(),
    default: z.boolean(),
    capabilities: z.array(z.string()),
    limits: z.unknown(),
    upgradeProduct: z.string().nullable(),
    quotas: z.array(quotaSchema),
  })
  .describe("A plan: free, standard or premium.");

type QuotaRow = { id: string; amount: number; currency: string; interval: "month" | "year"; eachUnit: string; metadata: unknown };
type ProductRow = {
  id: string;
  slug: string;
  name: string;
  description: string | null;
  position: number;
  active: boolean;
  default: boolean;
  capabilities: string[];
  limits: unknown;
  upgradeSlug: string | null;
  quotas: QuotaRow[];
};

export const toQuota = (quota: QuotaRow) => ({
  id: quota.id,
  amount: quota.amount,
  currency: quota.currency,
  recurring: { interval: { each: quota.interval }, eachUnit: quota.eachUnit },
  metadata: quota.metadata,
});

export const toProduct = (product: ProductRow): z.infer<typeof productSchema> => ({
  id: product.id,
  slug: product.slug,
  name: product.name,
  description: product.description,
  position: product.position,
  active: product.active,
  default: product.default,
  capabilities: product.capabilities,
  limits: product.limits,
  upgradeProduct: product.upgradeSlug,
  quotas: product.quotas.map(toQuota),
});

/** The plans on offer, in their order (the same for every workspace: not account data). */
export async function listProducts() {
  const rows = await db.product.findMany({
    where: { active: true },
    orderBy: { position: "asc" },
    include: { quotas: { orderBy: { interval: "asc" } } },
  });
  return rows.map(toProduct);
}
