/** A formula field's value computed in the browser while the form is filled in. */

import { evaluateFormula } from "@/lib/templates/formula";
import type { Variable } from "@/lib/templates/variables";
import type { Value } from "./document-form-values";

/** A formula's value from the numbers filled in so far, or null while it cannot be computed. */
export function preview(variables: Variable[], values: Record<string, Value>, name: string, seen = new Set<string>()): number | null {
  const variable = variables.find((v) => v.name === name);
  if (!variable || seen.has(name)) return null;
  if (variable.type !== "formula") {
    const n = Number(values[name]);
    return values[name] === "" || values[name] === undefined || Number.isNaN(n) ? null : n;
  }
  try {
    return evaluateFormula(variable.options.formula ?? "", (ref) => {
      const n = preview(variables, values, ref, new Set([...seen, name]));
      if (n === null) throw new Error("missing");
      return n;
    });
  } catch {
    return null;
  }
}
