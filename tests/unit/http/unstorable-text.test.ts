import { describe, expect, it } from "vitest";
import { z } from "zod";
import { AppError } from "@/lib/errors/app-error";
import { parseInput } from "@/lib/http/parse-input";
import { listParams } from "@/lib/documents/list-query";
import { unstorable, unstorablePath } from "@/lib/http/unstorable-text";

/** The AppError `call` throws (undefined when it throws none). */
function refusal(call: () => unknown): AppError | undefined {
  try {
    call();
  } catch (error) {
    return error as AppError;
  }
  return undefined;
}

/** The path of the first text that cannot be stored, which must be for its U+0000. */
const nulPath = (value: unknown) => {
  const found = unstorablePath(value);
  if (found) expect(found.reason).toBe("nulCharacter");
  return found?.path ?? null;
};

describe("a null character (U+0000), which PostgreSQL cannot store in text", () => {
  it("is found in a string anywhere in parsed JSON, or in a key, with its path", () => {
    expect(unstorable("a\u0000b")).toBe("nulCharacter");
    expect(unstorable("a\\u0000b")).toBeNull();
    expect(nulPath({ name: "plain", tags: ["a", "b"], values: { n: 1, ok: true, none: null } })).toBeNull();
    expect(nulPath({ name: "a\u0000" })).toBe("name");
    expect(nulPath({ values: { party: ["x", "y\u0000"] } })).toBe("values.party.1");
    expect(nulPath({ values: { "na\u0000me": "x" } })).toBe("values.na\u0000me");
    expect(nulPath("\u0000")).toBe("");
  });

  it("is not looked for in uploaded bytes or other objects than plain ones", () => {
    expect(nulPath({ files: [{ bytes: new Uint8Array([0, 0]), name: "a.pdf" }] })).toBeNull();
    expect(nulPath({ when: new Date(0) })).toBeNull();
  });

  it("is found at any depth without exhausting the stack", () => {
    let deep: unknown = "end\u0000";
    for (let i = 0; i < 50_000; i++) deep = [deep];
    expect(nulPath(deep)).toBe(Array.from({ length: 50_000 }, () => "0").join("."));
  });

  it("makes the input invalid before the schema is consulted, naming the field", () => {
    const schema = z.object({ name: z.string().max(10) });
    const refused = refusal(() => parseInput(schema, { name: "a\u0000b" }, "createTag"));
    expect(refused).toBeInstanceOf(AppError);
    expect(refused?.code).toBe("VALIDATION_FAILED");
    expect(refused?.details).toEqual({ fields: [expect.objectContaining({ path: "name", code: "nulCharacter" })] });
    expect(parseInput(schema, { name: "ab" }, "createTag")).toEqual({ name: "ab" });
  });

  it("leaves a list screen's address parameter out, so the list shows without that filter", () => {
    const params = listParams({ q: "a\u0000b", tag: "t1", status: ["a", "b"], ["fol\u0000der"]: "x" });
    expect([...params.entries()]).toEqual([["tag", "t1"]]);
  });
});

describe("half of a surrogate pair (ill-formed UTF-16), which PostgreSQL refuses in JSON", () => {
  it("is found alone, at either end or in the middle, and a whole pair is not", () => {
    expect(unstorable("a\ud800b")).toBe("unpairedSurrogate");
    expect(unstorable("\udc00")).toBe("unpairedSurrogate");
    expect(unstorable("ends with \ud83d")).toBe("unpairedSurrogate");
    expect(unstorable("\ude00 starts")).toBe("unpairedSurrogate");
    expect(unstorable("reversed \ude00\ud83d")).toBe("unpairedSurrogate");
    expect(unstorable("a smile 😀, 𝔘 and 中文")).toBeNull();
    expect(unstorablePath({ contacts: [{ name: "ok" }, { name: "x\ud800" }] })).toEqual({
      path: "contacts.1.name",
      reason: "unpairedSurrogate",
    });
    expect(unstorablePath({ ["k\udc00"]: 1 })).toEqual({ path: "k\udc00", reason: "unpairedSurrogate" });
  });

  it("makes the input invalid before the schema is consulted, naming the field", () => {
    const refused = refusal(() => parseInput(z.object({ name: z.string().max(10) }), { name: "a\ud800b" }, "createTag"));
    expect(refused?.code).toBe("VALIDATION_FAILED");
    expect(refused?.details).toEqual({ fields: [expect.objectContaining({ path: "name", code: "unpairedSurrogate" })] });
  });

  it("leaves a list screen's address parameter out", () => {
    expect([...listParams({ q: "a\ud800", tag: "t1" }).entries()]).toEqual([["tag", "t1"]]);
  });
});
