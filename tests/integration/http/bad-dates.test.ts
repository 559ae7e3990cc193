import { beforeAll, describe, expect, it } from "vitest";
import * as document from "@/app/vapp/documents/[id]/route";
import * as documents from "@/app/vapp/documents/route";
import * as templates from "@/app/vapp/templates/route";
import { createAccount, signedInAs } from "@/tests/factories";
import { jsonRequest, params } from "@/tests/factories/http";

/**
 * Dates PostgreSQL cannot store (year 0, past 9999) or that do not exist (2024-13-45, February
 * 30th) are refused at the edge with the field named, in the caller's language (lib/text/
 * calendar-dates.ts). Each was a 500 from PostgreSQL, or was stored as another day.
 */
type Failure = {
  status: number;
  error: { code: string; message: string; details?: { fields?: { path: string; code: string; message: string }[] } };
};

let accessToken = "";
beforeAll(async () => {
  const { account, owner } = await createAccount("Bad dates");
  ({ accessToken } = await signedInAs(owner.id, account.id));
});

const headers = () => ({ authorization: `Bearer ${accessToken}`, "x-language": "es" });
const answer = async (response: Response) => ({ status: response.status, ...((await response.json()) as object) }) as Failure;

describe("dates that cannot be stored, or do not exist, are bad input", () => {
  it("a list's days: year 0 and a month 13 are refused, the last day of 9999 is an open end", async () => {
    for (const query of ["from=0000-01-01", "to=2024-13-45", "from=2024-02-30"]) {
      const refused = await answer(await documents.GET(jsonRequest("GET", `/vapp/documents?${query}`, { headers: headers() })));
      expect(refused.status, query).toBe(400);
      expect(refused.error.details?.fields, query).toEqual([
        expect.objectContaining({ path: query.split("=")[0], code: "date", message: "Introduce una fecha (AAAA-MM-DD)." }),
      ]);
    }
    const open = await documents.GET(jsonRequest("GET", "/vapp/documents?to=9999-12-31", { headers: headers() }));
    expect(open.status).toBe(200);
    const templateList = await templates.GET(jsonRequest("GET", "/vapp/templates?from=0000-01-01", { headers: headers() }));
    expect(templateList.status).toBe(400);
  });

  it("a document's dates: a day that does not exist, or a moment in year 0, name their field", async () => {
    for (const [field, value] of [
      ["startedAt", "2024-13-45"],
      ["endedAt", "0000-01-01"],
      ["renewalAt", "0000-06-01T00:00:00Z"],
    ] as const) {
      // The input is checked before the document is looked up.
      const refused = await answer(
        await document.PUT(
          jsonRequest("PUT", "/vapp/documents/unknown", { body: { [field]: value }, headers: headers(), csrf: false }),
          params({ id: "unknown" }),
        ),
      );
      expect(refused.status, field).toBe(400);
      expect(refused.error.details?.fields, field).toEqual([expect.objectContaining({ path: field, code: "date" })]);
    }
  });
});
