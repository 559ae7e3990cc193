import { describe, expect, it } from "vitest";
import { AppError } from "@/lib/errors/app-error";
import { localizedMessage } from "@/lib/http/error-response";
import { detectVariables } from "@/lib/templates/detect-variables";

describe("template variables", () => {
  it.each([
    ["bracket", "This agreement between [Client Name] and [Provider] starts on [Start date]. [Client Name] pays."],
    ["brace", "This agreement between {Client Name} and {Provider} starts on {Start date}. {Client Name} pays."],
    ["doubleBrace", "This agreement between {{Client Name}} and {{ Provider }} starts on {{Start date}}. {{Client Name}} pays."],
    ["dollar", "This agreement between ${Client Name} and ${Provider} starts on ${Start date}. ${Client Name} pays."],
  ])("finds %s fields in order, once each", (format, text) => {
    expect(detectVariables(text)).toEqual({ format, variables: ["Client Name", "Provider", "Start date"] });
  });

  it("reads names in any script and ignores text without fields", () => {
    expect(detectVariables("Contrato con [Razón social] en [Ciudad_1]").variables).toEqual(["Razón social", "Ciudad_1"]);
    expect(detectVariables("No fields here, not even [ ] or {} or {{}}")).toEqual({ format: null, variables: [] });
  });

  it("refuses a template mixing formats, naming them, in the reader's language", () => {
    let error: AppError | undefined;
    try {
      detectVariables("Between [Client] and {{Provider}} from ${Date}");
    } catch (e) {
      error = e as AppError;
    }
    expect(error?.code).toBe("MIXED_VARIABLE_FORMATS");
    expect(error?.params.formats).toBe("${x}, {{x}}, [x]");
    expect(localizedMessage(error!, "es")).toBe(
      "La plantilla mezcla formatos de variables (${x}, {{x}}, [x]): usa un solo formato para todos los campos.",
    );
  });
});
