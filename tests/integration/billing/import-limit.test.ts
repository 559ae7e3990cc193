import { beforeAll, describe, expect, it } from "vitest";
import * as importRoute from "@/app/vapp/documents/import/route";
import * as documents from "@/app/vapp/documents/route";
import { db } from "@/lib/db";
import { createAccount, signedInAs } from "@/tests/factories";
import { graphqlUpload } from "@/tests/factories/graphql";
import { makeDocx } from "@/tests/fixtures/docx";

/**
 * The plan's monthly document limit on an import (issue 39, item 16): POST /vapp/documents/import
 * (and GraphQL importDocuments, the same declaration) counts each file against the limit, as a
 * plain upload does, all or none: past the limit nothing is stored and the refusal is the upload's
 * PLAN_LIMIT_REACHED with the limit, the maximum, what is used and the plan.
 */
let token: string;
let accountId: string;

beforeAll(async () => {
  const { account, owner } = await createAccount("Import limit");
  accountId = account.id;
  token = (await signedInAs(owner.id, account.id)).accessToken;
  // A plan with the import and room for three documents this month.
  await db.account.update({
    where: { id: accountId },
    data: { capabilities: { push: "import" }, limits: { documents: 3, members: 3, period: "month", periodStart: null } },
  });
});

const files = (prefix: string, count: number) =>
  Array.from({ length: count }, (_, i) => ({ name: `${prefix}-${i + 1}.docx`, bytes: makeDocx([`${prefix} ${i + 1}`]) }));

function upload(path: string, list: { name: string; bytes: Uint8Array }[]) {
  const form = new FormData();
  for (const file of list) form.append("file", new Blob([file.bytes as BlobPart]), file.name);
  return new Request(`http://localhost:3000${path}`, { method: "POST", headers: { authorization: `Bearer ${token}` }, body: form });
}

const stored = () => db.document.count({ where: { accountId } });

describe("an import and the plan's document limit", () => {
  it("refuses an import of more files than the limit leaves, storing none of them", async () => {
    const single = await documents.POST(upload("/vapp/documents", files("single", 1)));
    expect(single.status).toBe(200);
    expect(await stored()).toBe(1);

    const refused = await importRoute.POST(upload("/vapp/documents/import", files("over", 3)));
    expect(refused.status).toBe(403);
    expect((await refused.json()).error).toMatchObject({
      code: "PLAN_LIMIT_REACHED",
      details: { limit: "documents", max: 3, used: 1, plan: "free" },
    });
    expect(await stored()).toBe(1);
  });

  it("imports files that fit, then answers as a plain upload does once the limit is reached", async () => {
    const fits = await importRoute.POST(upload("/vapp/documents/import", files("fits", 2)));
    expect(fits.status).toBe(200);
    expect(await stored()).toBe(3);

    const plain = await documents.POST(upload("/vapp/documents", files("plain", 1)));
    const plainError = (await plain.json()).error;
    const imported = await importRoute.POST(upload("/vapp/documents/import", files("more", 2)));
    expect(imported.status).toBe(plain.status);
    const importError = (await imported.json()).error;
    expect(importError).toMatchObject({ code: "PLAN_LIMIT_REACHED", details: { limit: "documents", max: 3, used: 3 } });
    expect(importError.code).toBe(plainError.code);
    expect(importError.details).toEqual(plainError.details);

    const gql = await graphqlUpload<{ importDocuments: { id: string }[] }>(
      "mutation ($files: [File!]!) { importDocuments(files: $files) { id } }",
      {
        accessToken: token,
        variables: { files: [null, null] },
        files: Object.fromEntries(files("gql", 2).map((file, i) => [`files.${i}`, file])),
      },
    );
    expect(gql.errors?.[0].extensions.code).toBe("PLAN_LIMIT_REACHED");
    expect(await stored()).toBe(3);
  });
});
