/** Field definitions kept across a re-detection of a template's fields. */

import { defaultVariable, type Variable } from "./variable-schema";

/** Field definitions kept across a re-detection: known names keep their settings, new ones start as text. */
export function mergeDetected(detected: string[], previous: Variable[]): Variable[] {
  const known = new Map(previous.map((v) => [v.name, v]));
  return detected.map((name) => known.get(name) ?? defaultVariable(name));
}
