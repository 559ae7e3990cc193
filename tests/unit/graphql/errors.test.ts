import { GraphQLError, parse } from "graphql";
import { describe, expect, it } from "vitest";
import { AppError, AppErrorCode, missingParameter } from "@/lib/errors/app-error";
import { appErrorCodeOf, BAD_USER_INPUT, isBadUserInput, toGraphQLError } from "@/lib/graphql/errors";
import { inputError } from "@/lib/graphql/input-error";
import { queryTooComplexError } from "@/lib/graphql/query-limits";

/** Issue 14: bad input over GraphQL is BAD_USER_INPUT with our code as `reason` (docs/api.md). */
describe("GraphQL error extensions", () => {
  it("every code of type validation but QUERY_TOO_COMPLEX is bad input", () => {
    for (const code of Object.values(AppErrorCode)) {
      const error = new AppError(code);
      expect(isBadUserInput(error), code).toBe(error.type === "validation" && code !== "QUERY_TOO_COMPLEX");
    }
  });

  it("bad input: BAD_USER_INPUT, our code as reason, type unchanged, translated message and fields", () => {
    const error = new AppError(AppErrorCode.VALIDATION_FAILED, {
      message: "Some fields are not valid: name",
      params: { fields: "name" },
      details: { fields: [{ path: "name", code: "too_big", params: { origin: "string", maximum: 60, inclusive: "true" }, message: "x" }] },
    });
    const { extensions, message } = toGraphQLError(error, "es");
    expect(message).toBe("Algunos campos no son válidos: name");
    expect(extensions).toMatchObject({
      code: BAD_USER_INPUT,
      reason: "VALIDATION_FAILED",
      type: "validation",
      message,
      fields: [{ path: "name", code: "too_big", message: "Usa como máximo 60 caracteres." }],
      details: { fields: [{ path: "name", code: "too_big", params: { maximum: 60 } }] },
    });
    expect(appErrorCodeOf({ extensions })).toBe("VALIDATION_FAILED");
  });

  it("a missing parameter names its field", () => {
    const { extensions } = toGraphQLError(missingParameter("ids", "bulkDeleteTags"), "en");
    expect(extensions).toMatchObject({
      code: BAD_USER_INPUT,
      reason: "MISSING_PARAMETER",
      fields: [{ path: "ids", code: "required", message: "This field is required." }],
    });
  });

  it("other errors, and query limits, keep our code without a reason", () => {
    const notFound = toGraphQLError(new AppError(AppErrorCode.NOT_FOUND), "en").extensions;
    expect(notFound).toMatchObject({ code: "NOT_FOUND", type: "not_found" });
    expect(notFound.reason).toBeUndefined();
    const limit = toGraphQLError(queryTooComplexError("aliases", 15), "en").extensions;
    expect(limit).toMatchObject({ code: "QUERY_TOO_COMPLEX", type: "validation" });
    expect(limit.reason).toBeUndefined();
    expect(appErrorCodeOf({ extensions: limit })).toBe("QUERY_TOO_COMPLEX");
  });

  it("a problem in a variable is named by its place in the field's arguments", () => {
    const document = parse(
      "mutation ($d: TagInput!, $s: DocumentStatus!) { createTag(data: $d) { id } x: updateDocumentStatus(id: 1, newStatus: $s) { id } }",
    );
    const variableDefinition = (name: string) =>
      document.definitions[0].kind === "OperationDefinition"
        ? document.definitions[0].variableDefinitions!.find((v) => v.variable.name.value === name)
        : undefined;
    const wrongType = inputError(
      new GraphQLError('Variable "$d" got invalid value 42 at "d.name"; String cannot represent a non string value: 42', {
        nodes: variableDefinition("d"),
      }),
      document,
    );
    expect(wrongType.details).toMatchObject({ fields: [{ path: "data.name", code: "invalid" }] });
    const enumValue = inputError(
      new GraphQLError('Variable "$s" got invalid value "GONE"; Value "GONE" does not exist in "DocumentStatus" enum.', {
        nodes: variableDefinition("s"),
      }),
      document,
    );
    expect(enumValue.details).toMatchObject({ fields: [{ path: "newStatus", code: "enumValue", params: { received: "GONE" } }] });
    const missing = inputError(new GraphQLError('Variable "$d" of required type "TagInput!" was not provided.'), document);
    expect(missing.message).toBe("Required parameter d was null or undefined when calling createTag");
    expect(missing.details).toMatchObject({ fields: [{ path: "data", code: "required" }] });
  });
});
