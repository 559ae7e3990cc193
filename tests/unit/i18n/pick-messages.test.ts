import { describe, expect, it } from "vitest";
import { pickedMessagesText, pickMessages } from "@/lib/i18n/pick-messages";

const catalogue = {
  common: { close: "Close", cancel: "Cancel" },
  documents: { title: "Documents", status: { initial: "Created", signed: "Signed" } },
  // A precompiled message (next.config.ts) is an array: a message, not a namespace.
  errors: { INTERNAL: "Something failed", TOO_MANY_ATTEMPTS: [["Try again in "], ["minutes", 4]] },
};

describe("pickMessages", () => {
  it("keeps the catalogue's shape for whole namespaces, branches and single messages", () => {
    expect(pickMessages(catalogue, ["common", "documents.status", "errors.INTERNAL"])).toEqual({
      common: { close: "Close", cancel: "Cancel" },
      documents: { status: { initial: "Created", signed: "Signed" } },
      errors: { INTERNAL: "Something failed" },
    });
  });

  it("merges keys of one namespace and takes a compiled message whole", () => {
    expect(pickMessages(catalogue, ["documents.title", "documents.status.signed", "errors.TOO_MANY_ATTEMPTS"])).toEqual({
      documents: { title: "Documents", status: { signed: "Signed" } },
      errors: { TOO_MANY_ATTEMPTS: [["Try again in "], ["minutes", 4]] },
    });
  });

  it("takes a namespace whole when one of its keys is asked too, without touching the catalogue", () => {
    const before = JSON.stringify(catalogue);
    expect(pickMessages(catalogue, ["documents.status.signed", "documents"])).toEqual({ documents: catalogue.documents });
    expect(JSON.stringify(catalogue)).toBe(before);
  });

  it("leaves out keys the catalogue lacks and never walks into a message", () => {
    expect(pickMessages(catalogue, ["nav", "documents.missing", "errors.TOO_MANY_ATTEMPTS.0"])).toEqual({});
  });

  it("picks a catalogue's keys once, and gives their text as JSON", () => {
    const keys = ["common", "documents.status"];
    const first = pickMessages(catalogue, keys);
    expect(pickMessages(catalogue, [...keys])).toBe(first);
    expect(pickMessages(catalogue, ["common"])).not.toBe(first);
    expect(pickMessages({ ...catalogue }, keys)).not.toBe(first);
    expect(JSON.parse(pickedMessagesText(catalogue, keys))).toEqual(first);
  });
});
