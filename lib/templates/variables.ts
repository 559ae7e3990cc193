/**
 * A template's fields in one import: the definitions' schemas, their checks, the values filled
 * in and the document name. Each piece lives in its own file; client code imports only types
 * from here (or variable-types.ts), so no zod reaches a client chunk.
 */

export { assertValidVariables } from "./assert-valid-variables";
export { fieldProblem, type FieldProblemCode } from "./field-problems";
export { fillName } from "./fill-name";
export { fillValues } from "./fill-values";
export { scalarValues, type FilledValue, type FilledValues, type RawValue, type ScalarValue, type UploadValue } from "./filled-values";
export { formatDateValue } from "./format-date-value";
export { mergeDetected } from "./merge-detected";
export { defaultVariable, variableOptionsSchema, variableSchema, variablesSchema, type Variable } from "./variable-schema";
