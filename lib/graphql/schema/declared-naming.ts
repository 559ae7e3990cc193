import type { z } from "zod";

/**
 * A helper of the accounts, users and billing schema files beside lib/graphql/from-declarations.ts
 * (a field's own resolver or argument: `adjusting` in ./declared-with.ts).
 *
 * namesByShape: the Naming `names` map, which also names an object made of the same fields as a
 * named one. declaredField's `data` argument is an object built from the input (its fields but
 * those `outside`), so it is found by its fields: `updatePassword(data: UpdatePasswordInput!)`
 * keeps its input type's name.
 */
export function namesByShape(entries: readonly (readonly [z.ZodType, string])[]): ReadonlyMap<z.ZodType, string> {
  const names = new Map<z.ZodType, string>(entries as [z.ZodType, string][]);
  const shapeOf = (schema: z.ZodType) => (schema as unknown as { shape?: Record<string, z.ZodType> }).shape;
  const sameShape = (a: Record<string, z.ZodType>, b: Record<string, z.ZodType>) =>
    Object.keys(a).length === Object.keys(b).length && Object.entries(a).every(([key, field]) => b[key] === field);
  return new (class extends Map<z.ZodType, string> {
    override get(schema: z.ZodType) {
      const named = names.get(schema);
      if (named) return named;
      const shape = shapeOf(schema);
      if (!shape) return undefined;
      for (const [known, name] of names) {
        const knownShape = shapeOf(known);
        if (knownShape && sameShape(shape, knownShape)) return name;
      }
      return undefined;
    }
  })(names);
}
