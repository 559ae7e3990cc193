import { afterEach, describe, expect, it, vi } from "vitest";
import { ApiError, graphqlRequest } from "@/lib/client/api";

/** The browser's GraphQL call keeps giving screens our codes (issue 14: bad input is BAD_USER_INPUT with our code as `reason`). */
function answer(errors: unknown[]) {
  vi.stubGlobal("document", { documentElement: { lang: "es" } });
  vi.stubGlobal(
    "fetch",
    vi.fn(async () => Response.json({ data: null, errors }, { status: 400 })),
  );
}

async function failure(): Promise<ApiError> {
  try {
    await graphqlRequest("{ me { id } }");
  } catch (error) {
    return error as ApiError;
  }
  throw new Error("graphqlRequest did not fail");
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("graphqlRequest's ApiError", () => {
  it("bad input: our code from `reason`, the type, message and details", async () => {
    const details = { fields: [{ path: "name", code: "too_big", message: "Usa como máximo 60 caracteres." }] };
    answer([
      {
        message: "Algunos campos no son válidos: name",
        extensions: {
          code: "BAD_USER_INPUT",
          reason: "VALIDATION_FAILED",
          type: "validation",
          message: "Algunos campos no son válidos: name",
          details,
        },
      },
    ]);
    const error = await failure();
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      code: "VALIDATION_FAILED",
      type: "validation",
      message: "Algunos campos no son válidos: name",
      status: 400,
      details,
    });
  });

  it("other errors: their code", async () => {
    answer([{ message: "No encontrado", extensions: { code: "NOT_FOUND", type: "not_found", message: "No encontrado" } }]);
    expect(await failure()).toMatchObject({ code: "NOT_FOUND", type: "not_found" });
  });
});
