/** A translator of the `billing` messages (next-intl's on the server, lib/i18n/client's in the browser). */
type Translate = ((key: string) => string) & { has: (key: string) => boolean };

/**
 * A plan's name in the reader's language: the message `billing.planNames.<slug>`, else the name
 * stored with the plan (a plan added later, not yet translated).
 */
export const planName = (t: Translate, plan: { slug: string; name: string }) =>
  t.has(`planNames.${plan.slug}`) ? t(`planNames.${plan.slug}`) : plan.name;
