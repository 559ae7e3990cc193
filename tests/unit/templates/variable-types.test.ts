import { describe, expect, it } from "vitest";
import { FIELD_NAME, FIELD_NAME_PATTERN, VARIABLE_LIMITS } from "@/lib/templates/variable-types";
import { variableOptionsSchema, variableSchema } from "@/lib/templates/variables";

describe("the shared field rules", () => {
  it("the name pattern compiles as browsers compile `pattern` (v flag) and agrees with the server", () => {
    const browser = new RegExp(`^(?:${FIELD_NAME_PATTERN})$`, "v");
    for (const name of ["client", "Client name", "número_1", "a.b-c", "7", "x".repeat(100)]) {
      expect(FIELD_NAME.test(name), name).toBe(true);
      expect(browser.test(name), name).toBe(true);
    }
    for (const name of ["", "_client", " client", "a/b", "[x]", "x".repeat(101)]) {
      expect(FIELD_NAME.test(name), name).toBe(false);
      expect(browser.test(name), name).toBe(false);
    }
  });

  it("the schemas take their limits from VARIABLE_LIMITS", () => {
    const variable = (label: string) => variableSchema.safeParse({ name: "x", label });
    expect(variable("l".repeat(VARIABLE_LIMITS.label)).success).toBe(true);
    expect(variable("l".repeat(VARIABLE_LIMITS.label + 1)).success).toBe(false);
    expect(variableOptionsSchema.safeParse({ anonymizedAt: VARIABLE_LIMITS.anonymizedAt }).success).toBe(true);
    expect(variableOptionsSchema.safeParse({ anonymizedAt: VARIABLE_LIMITS.anonymizedAt + 1 }).success).toBe(false);
    expect(variableOptionsSchema.safeParse({ helpText: "h".repeat(VARIABLE_LIMITS.helpText + 1) }).success).toBe(false);
    expect(variableOptionsSchema.safeParse({ variableName: "_bad" }).success).toBe(false);
  });
});
