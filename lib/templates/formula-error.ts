/** FORMULA_INVALID errors for a field's formula, from a reason or a FormulaError. */

import { AppError, AppErrorCode } from "@/lib/errors/app-error";
import { FORMULA_REASONS, type FormulaError, type FormulaReason } from "./formula";

/** FORMULA_INVALID for the formula of `name`: the reason as a code (details.reason) and in English ({reason}). */
export const formulaError = (name: string, reason: FormulaReason, params: Record<string, string> = {}) => {
  const text = FORMULA_REASONS[reason](params);
  return new AppError(AppErrorCode.FORMULA_INVALID, {
    message: `The formula of "${name}" is not valid: ${text}`,
    params: { name, reason: text },
    details: { field: name, reason: { code: reason, params } },
  });
};

export const fromFormulaError = (name: string, error: FormulaError) => formulaError(name, error.reason, error.params);
