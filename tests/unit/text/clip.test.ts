import { describe, expect, it } from "vitest";
import { clip } from "@/lib/text/clip";
import { unstorable } from "@/lib/http/unstorable-text";
import { commentExcerpt } from "@/lib/documents/comment-model";

describe("clip: a text cut to a length without cutting a character in two", () => {
  it("keeps a short text whole and cuts a long one at the length", () => {
    expect(clip("contract", 20)).toBe("contract");
    expect(clip("contract", 4)).toBe("cont");
  });

  it("drops the whole pair when the cut falls inside one, where slice keeps half of it", () => {
    const text = "ab😀cd";
    expect(text.slice(0, 3)).toBe("ab\ud83d");
    expect(unstorable(text.slice(0, 3))).toBe("unpairedSurrogate");
    expect(clip(text, 3)).toBe("ab");
    expect(clip(text, 4)).toBe("ab😀");
    expect(clip("𝔘".repeat(200), 255)).toBe("𝔘".repeat(127));
  });

  it("leaves a comment's excerpt for the audit storable", () => {
    const excerpt = commentExcerpt("𝔘".repeat(100));
    expect(unstorable(excerpt)).toBeNull();
    expect(excerpt).toBe(`${"𝔘".repeat(39)}…`);
  });
});
