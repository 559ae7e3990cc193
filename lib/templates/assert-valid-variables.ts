/** Checks a template's field definitions together (names, choices, columns, dates, formulas). */

import { AppError, AppErrorCode } from "@/lib/errors/app-error";
import { FormulaError, formulaReferences } from "./formula";
import { formulaError, fromFormulaError } from "./formula-error";
import type { Variable } from "./variable-schema";

/**
 * Checks a template's definitions together: names unique, choices for choice fields, date
 * bounds in order, and every formula parses and refers only to other numeric fields.
 */
export function assertValidVariables(variables: Variable[]): void {
  const byName = new Map(variables.map((v) => [v.name, v]));
  if (byName.size !== variables.length) {
    throw new AppError(AppErrorCode.VALIDATION_FAILED, { message: "Two fields have the same name.", params: { fields: "variables.name" } });
  }
  for (const variable of variables) {
    const { options } = variable;
    if (["dropdown", "radio"].includes(variable.type) && !options.choices?.length) {
      throw new AppError(AppErrorCode.VALIDATION_FAILED, {
        message: `"${variable.name}" needs at least one choice.`,
        params: { fields: `${variable.name}.choices` },
      });
    }
    if (variable.type === "matrix") {
      const columns = options.columns ?? [];
      if (!columns.length)
        throw new AppError(AppErrorCode.VALIDATION_FAILED, {
          message: `"${variable.name}" needs at least one column.`,
          params: { fields: `${variable.name}.columns` },
        });
      if (new Set(columns.map((c) => c.toLowerCase())).size !== columns.length) {
        throw new AppError(AppErrorCode.VALIDATION_FAILED, {
          message: `"${variable.name}" has two columns with the same name.`,
          params: { fields: `${variable.name}.columns` },
        });
      }
    }
    if (options.dateMin && options.dateMax && options.dateMin > options.dateMax) {
      throw new AppError(AppErrorCode.VALIDATION_FAILED, {
        message: `"${variable.name}": the earliest date is after the latest.`,
        params: { fields: `${variable.name}.dateMin` },
      });
    }
    if (variable.type !== "formula") continue;
    if (!options.formula) throw formulaError(variable.name, "empty");
    let refs: string[];
    try {
      refs = formulaReferences(options.formula);
    } catch (error) {
      throw error instanceof FormulaError ? fromFormulaError(variable.name, error) : formulaError(variable.name, "doesNotParse");
    }
    for (const ref of refs) {
      const target = byName.get(ref);
      if (!target) throw formulaError(variable.name, "unknownField", { field: ref });
      if (ref === variable.name) throw formulaError(variable.name, "selfReference");
      if (!["number", "currency", "percentage", "formula"].includes(target.type))
        throw formulaError(variable.name, "notNumberField", { field: ref });
    }
  }
  // Formulas over formulas must not loop.
  const visiting = new Set<string>();
  const visit = (name: string) => {
    if (visiting.has(name)) throw formulaError(name, "loop");
    const variable = byName.get(name);
    if (variable?.type !== "formula" || !variable.options.formula) return;
    visiting.add(name);
    formulaReferences(variable.options.formula).forEach(visit);
    visiting.delete(name);
  };
  variables.forEach((v) => visit(v.name));
}
