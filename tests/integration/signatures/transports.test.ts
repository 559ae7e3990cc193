import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { POST as signRoute } from "@/app/vapp/signatures/sign/route";
import { GET as validRoute } from "@/app/vapp/signatures/valid/route";
import { GET as pageRoute } from "@/app/vapp/documents/[id]/pages/[page]/route";
import { GET as graphqlGet } from "@/app/graphql/route";
import { db } from "@/lib/db";
import { stopJobs } from "@/lib/jobs/queue";
import { requestSignatures } from "@/lib/signatures/request-signatures";
import { signedInAs } from "@/tests/factories";
import { graphql } from "@/tests/factories/graphql";
import { params } from "@/tests/factories/http";
import { makePng } from "@/tests/factories/images";
import { addSigners, pdfContract, signingToken } from "./helpers";

/**
 * The signer's calls over REST (the `signed` header, no cookie, no CSRF token; the page image
 * with `?signed=`) and the member's over GraphQL with the spec's names.
 */
let contract: Awaited<ReturnType<typeof pdfContract>>;
let accessToken: string;
let token: string;
let signerEmail: string;

beforeAll(async () => {
  contract = await pdfContract("Transport");
  accessToken = (await signedInAs(contract.owner.id, contract.account.id)).accessToken;
  const [signer] = await addSigners(contract.ctx, contract.document.id, [1]);
  signerEmail = signer.email;
  await requestSignatures(contract.ctx, contract.document.id);
  token = await signingToken(signer.email);
}, 60_000);
afterAll(() => stopJobs());

describe("signing over REST and GraphQL", () => {
  it("GraphQL lists the signers, parties and boxes with the spec's names", async () => {
    const result = await graphql<{ signatures: { email: string; state: string }[]; parties: unknown[]; signaturePlaceholders: unknown[] }>(
      `
        query ($id: ID!) {
          signatures(documentId: $id) {
            email
            state
          }
          parties(documentId: $id) {
            id
          }
          signaturePlaceholders(documentId: $id) {
            id
          }
        }
      `,
      { accessToken, variables: { id: contract.document.id } },
    );
    expect(result.errors).toBeUndefined();
    expect(result.data?.signatures).toEqual([{ email: signerEmail, state: "requested" }]);
  });

  it("the signer reads their document and a page with the token, and signs with a multipart body", async () => {
    const valid = await validRoute(new Request("http://localhost:3000/vapp/signatures/valid", { headers: { signed: token } }), params({}));
    expect(valid.status).toBe(200);
    expect(((await valid.json()) as { document: { pageCount: number } }).document.pageCount).toBe(2);
    const image = await pageRoute(
      new Request(`http://localhost:3000/vapp/documents/${contract.document.id}/pages/1?signed=${encodeURIComponent(token)}`),
      params({ id: contract.document.id, page: "1" }),
    );
    expect(image.status).toBe(200);
    expect(image.headers.get("content-type")).toBe("image/png");

    const form = new FormData();
    form.append("field:signature", new File([makePng(40, 20) as BlobPart], "signature.png", { type: "image/png" }));
    form.set("data", JSON.stringify({ kind: "drawn", timeline: [{ x: 1, y: 1, t: 0, s: 1 }] }));
    const signed = await signRoute(
      new Request("http://localhost:3000/vapp/signatures/sign", {
        method: "POST",
        headers: { signed: token, "user-agent": "Phone test" },
        body: form,
      }),
      params({}),
    );
    expect(signed.status, await signed.clone().text()).toBe(200);
    expect(await signed.json()).toMatchObject({ documentStatus: "signed" });
    const row = await db.signature.findFirstOrThrow({ where: { documentId: contract.document.id } });
    expect(row.signedUserAgent).toBe("Phone test");

    const again = await validRoute(new Request("http://localhost:3000/vapp/signatures/valid", { headers: { signed: token } }), params({}));
    expect(again.status).toBe(401);
    expect(await again.json()).toMatchObject({ error: { code: "SIGNING_LINK_INVALID", details: { reason: "completed" } } });
  });
});

describe("a signer's token in a GraphQL GET's address", () => {
  it("is not read: the token goes in the signed header, never where logs and histories keep it", async () => {
    const other = await pdfContract("Transport GET");
    const [signer] = await addSigners(other.ctx, other.document.id, [1]);
    await requestSignatures(other.ctx, other.document.id);
    const fresh = await signingToken(signer.email);
    const query = encodeURIComponent("{ fetchValidSignature { __typename } }");
    const get = async (url: string, headers: Record<string, string> = {}) =>
      (await graphqlGet(new Request(url, { headers: { accept: "application/json", ...headers } }))).json();
    const inAddress = await get(`http://localhost:3000/graphql?query=${query}&signed=${encodeURIComponent(fresh)}`);
    expect(inAddress.data?.fetchValidSignature ?? null).toBeNull();
    expect(inAddress.errors?.[0]?.extensions?.code).toMatch(/SIGNING_LINK_INVALID|UNAUTHENTICATED|FORBIDDEN/);
    const inHeader = await get(`http://localhost:3000/graphql?query=${query}`, { signed: fresh });
    expect(inHeader.errors).toBeUndefined();
    expect(inHeader.data.fetchValidSignature.__typename).toBeTruthy();
  });
});
