import { GraphQLError, parse, validate } from "graphql";
import { describe, expect, it } from "vitest";
import { AppError, AppErrorCode } from "@/lib/errors/app-error";
import { inputError, isInputError } from "@/lib/graphql/input-error";
import { schema } from "@/lib/graphql/schema";

/** The AppErrors graphql-js's validation of `query` maps to. */
function mapped(query: string) {
  const document = parse(query);
  const errors = validate(schema, document);
  expect(errors.length).toBeGreaterThan(0);
  return errors.map((error) => inputError(error, document));
}

describe("GraphQL's own input errors as AppErrors", () => {
  it("a required argument not given is the spec's missing parameter, named after the argument and the field", () => {
    const [error] = mapped("mutation { updateUser { id } }");
    expect(error.code).toBe("MISSING_PARAMETER");
    expect(error.message).toBe("Required parameter data was null or undefined when calling updateUser");
    expect(error.params).toEqual({ name: "data", operation: "updateUser" });
  });

  it("an aliased field still names the field, not the alias", () => {
    const [error] = mapped("mutation { change: updatePassword { done } }");
    expect(error.message).toBe("Required parameter data was null or undefined when calling updatePassword");
  });

  it("a required argument given as null, and a required input field left out or null", () => {
    expect(mapped("mutation { updateUser(data: null) { id } }")[0].message).toBe(
      "Required parameter data was null or undefined when calling updateUser",
    );
    expect(mapped('mutation { updatePassword(data: { currentPassword: "x" }) { done } }')[0].message).toBe(
      "Required parameter data.password was null or undefined when calling updatePassword",
    );
    expect(mapped('mutation { updatePassword(data: { currentPassword: "x", password: null }) { done } }')[0].message).toBe(
      "Required parameter data.password was null or undefined when calling updatePassword",
    );
  });

  it("a required variable, or a required field inside one, names the variable and the field that uses it", () => {
    const document = parse("mutation Change($input: UpdatePasswordInput!) { updatePassword(data: $input) { done } }");
    const missing = inputError(new GraphQLError('Variable "$input" of required type "UpdatePasswordInput!" was not provided.'), document);
    expect(missing.message).toBe("Required parameter input was null or undefined when calling updatePassword");
    const isNull = inputError(new GraphQLError('Variable "$input" of non-null type "UpdatePasswordInput!" must not be null.'), document);
    expect(isNull.code).toBe("MISSING_PARAMETER");
    const field = inputError(
      new GraphQLError(
        'Variable "$input" got invalid value { currentPassword: "a; b" }; Field "password" of required type "String!" was not provided.',
      ),
      document,
    );
    expect(field.message).toBe("Required parameter input.password was null or undefined when calling updatePassword");
    const nested = inputError(
      new GraphQLError(
        'Variable "$input" got invalid value null at "input.password"; Expected non-nullable type "String!" not to be null.',
      ),
      document,
    );
    expect(nested.message).toBe("Required parameter input.password was null or undefined when calling updatePassword");
  });

  it("a value of the wrong type is VALIDATION_FAILED naming the input", () => {
    const variable = inputError(
      new GraphQLError('Variable "$input" got invalid value 42 at "input.password"; String cannot represent a non string value: 42'),
      parse("mutation ($input: UpdatePasswordInput!) { updatePassword(data: $input) { done } }"),
    );
    expect(variable.code).toBe("VALIDATION_FAILED");
    const [literal] = mapped("mutation { updateUser(data: { firstName: 42 }) { id } }");
    expect(literal.code).toBe("VALIDATION_FAILED");
    expect(literal.params).toEqual({ fields: "data.firstName" });
    expect(literal.details).toMatchObject({ fields: [{ path: "data.firstName", code: "invalid" }] });
  });

  it("unknown fields and arguments are VALIDATION_FAILED naming them", () => {
    expect(mapped("{ me { nope } }")[0].params).toEqual({ fields: "nope" });
    expect(mapped('mutation { updateUser(data: {}, extra: "x") { id } }')[0].params).toEqual({ fields: "extra" });
  });

  it("a syntax error is VALIDATION_FAILED about the query", () => {
    let syntax: GraphQLError | undefined;
    try {
      parse("{ me { id }");
    } catch (error) {
      syntax = error as GraphQLError;
    }
    expect(inputError(syntax!)).toMatchObject({ code: "VALIDATION_FAILED", params: { fields: "query" } });
  });

  it("leaves errors that already carry one of our codes, and resolver errors, alone", () => {
    expect(isInputError(new GraphQLError("x", { extensions: { code: "NOT_FOUND" } }))).toBe(false);
    expect(isInputError(new GraphQLError("boom", { path: ["me"] }))).toBe(false);
    expect(
      isInputError(new GraphQLError('Argument "data" of required type "UpdateUserInput!" was not provided.', { path: ["updateUser"] })),
    ).toBe(true);
    expect(isInputError(new GraphQLError("Cannot query field", { extensions: { code: "GRAPHQL_VALIDATION_FAILED" } }))).toBe(true);
    const refused = new GraphQLError('Expected type "File". The file is too large.', {
      originalError: new AppError(AppErrorCode.FILE_TOO_LARGE),
    });
    expect(isInputError(new GraphQLError('Variable "$file" got invalid value {}; Expected type "File".', { originalError: refused }))).toBe(
      false,
    );
  });
});
