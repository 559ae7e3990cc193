import { describe, expect, it } from "vitest";
import { isConnectionLost, isReadOnly, retryReadOnce } from "@/lib/db";
import { errorResponse, toAppError } from "@/lib/http/error-response";

const lost = Object.assign(new Error("Database error. Code: `57P01`. Message: `terminating connection due to administrator command`"), {});

describe("a read sent again when its connection was lost", () => {
  it("tells reads from writes", () => {
    expect(isReadOnly(`SELECT "t0"."id" FROM "User" AS "t0"`)).toBe(true);
    expect(isReadOnly(`WITH a AS (SELECT 1) SELECT "updatedAt" FROM a`)).toBe(true);
    expect(isReadOnly(`WITH a AS (UPDATE "User" SET x = 1 RETURNING id) SELECT * FROM a`)).toBe(false);
    expect(isReadOnly(`INSERT INTO "User" (id) VALUES ($1) RETURNING id`)).toBe(false);
    expect(isReadOnly(`UPDATE "User" SET "email" = $1`)).toBe(false);
  });

  it("knows a lost connection, also as the cause of another error", () => {
    expect(isConnectionLost(lost)).toBe(true);
    expect(isConnectionLost(new Error("Client has encountered a connection error and is not queryable"))).toBe(true);
    expect(isConnectionLost(new Error("wrapped", { cause: Object.assign(new Error("read"), { code: "ECONNRESET" }) }))).toBe(true);
    expect(isConnectionLost(Object.assign(new Error("duplicate key"), { code: "23505" }))).toBe(false);
  });

  it("sends a read once more, a write never", async () => {
    let calls = 0;
    const flaky = async () => {
      if (calls++ === 0) throw lost;
      return "rows";
    };
    expect(await retryReadOnce("SELECT 1", flaky)).toBe("rows");
    expect(calls).toBe(2);
    calls = 0;
    await expect(retryReadOnce("UPDATE t SET a = 1", flaky)).rejects.toBe(lost);
    expect(calls).toBe(1);
    // Lost again on the second try: the error goes to the caller.
    await expect(retryReadOnce("SELECT 1", () => Promise.reject(lost))).rejects.toBe(lost);
  });
});

describe("a request that meets a lost database connection", () => {
  it("answers 503 with Retry-After and a sentence in the caller's language, not INTERNAL", async () => {
    const response = errorResponse(lost, "es");
    expect(response.status).toBe(503);
    expect(Number(response.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
    expect(await response.json()).toMatchObject({
      error: {
        code: "DATABASE_UNAVAILABLE",
        message: "El servicio ha perdido un momento la conexión con la base de datos. Vuelve a intentarlo en unos segundos.",
      },
    });
    expect(toAppError(Object.assign(new Error("connect"), { code: "ECONNREFUSED" })).code).toBe("DATABASE_UNAVAILABLE");
    expect(toAppError(new Error("something else")).code).toBe("INTERNAL");
  });
});
