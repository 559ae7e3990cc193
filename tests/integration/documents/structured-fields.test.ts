import { describe, expect, it } from "vitest";
import * as fromTemplate from "@/app/vapp/documents/from-template/route";
import { createDocumentFromTemplate } from "@/lib/documents/create-document-from-template";
import { createFromTemplateSchema } from "@/lib/documents/document-schemas";
import { getDocumentFile } from "@/lib/documents/get-document-file";
import { readDocx } from "@/lib/files/docx";
import { parseInput } from "@/lib/http/parse-input";
import { createTemplate, publishUnpublishTemplate, updateTemplate } from "@/lib/templates/templates";
import { createAccount, signedInAs } from "@/tests/factories";
import { graphql } from "@/tests/factories/graphql";
import { jsonRequest } from "@/tests/factories/http";
import { makeDocx } from "@/tests/fixtures/docx";

/** A published template with one field of each structured type, in Spanish. */
async function structuredTemplate() {
  const { account, owner } = await createAccount("Structured fields");
  const session = await signedInAs(owner.id, account.id);
  const template = await createTemplate(
    session.ctx,
    { language: "es" },
    {
      name: "Lease [tenant id].docx",
      bytes: makeDocx([
        "Tenant id: [tenant id].",
        "Address: [office].",
        "Position: [site].",
        "Extras:",
        "[extras]",
        "Items:",
        "[items]",
        "Fee: [fee].",
      ]),
    },
  );
  await updateTemplate(session.ctx, template.id, {
    variables: [
      {
        name: "tenant id",
        type: "identity",
        required: true,
        deprecated: false,
        options: { identityType: "nationalId", variableName: "DNI del inquilino" },
      },
      { name: "office", type: "address", required: true, deprecated: false, options: {} },
      { name: "site", type: "geo", required: false, deprecated: false, options: {} },
      { name: "extras", type: "object", required: false, deprecated: false, options: {} },
      { name: "items", type: "matrix", required: false, deprecated: false, options: { columns: ["Item", "Qty"] } },
      {
        name: "fee",
        type: "currency",
        required: true,
        deprecated: false,
        options: { currency: "EUR", currencyFormat: "code", anonymizedAt: 365 },
      },
    ],
  });
  await publishUnpublishTemplate(session.ctx, template.id, true);
  return { ...session, template };
}

const values = {
  "tenant id": "12345678-Z",
  office: { line1: "Carrer de Mallorca 401", line2: "", city: "Barcelona", state: "Catalunya", postalCode: "08013", country: "ES" },
  site: { latitude: "41.4036299", longitude: 2.1743558 },
  extras: [
    { key: "Parking", value: "Plaza 12" },
    { key: "Trastero", value: "No" },
  ],
  items: [["Sillas", "4"], { Item: "Mesa", Qty: "1" }],
  fee: 1200,
};

describe("documents from templates with structured fields", () => {
  it("generates a DOCX with the address, position, DataMap, table and identity written out in the template's language", async () => {
    const { ctx, template } = await structuredTemplate();
    const doc = await createDocumentFromTemplate(ctx, { templateId: template.id, values, fields: {} });
    expect(doc.name).toBe("Lease 12345678-Z");
    const file = await getDocumentFile(ctx, doc.id);
    const { text } = readDocx(new Uint8Array(await new Response(file.stream).arrayBuffer()));
    expect(text).toContain("Tenant id: 12345678-Z.");
    expect(text).toContain("Address: Carrer de Mallorca 401, 08013 Barcelona, Catalunya, España.");
    expect(text).toContain("Position: 41.40363, 2.174356.");
    // Multi-line values become line breaks in the paragraph (docxtemplater linebreaks).
    expect(text).toContain("Parking: Plaza 12\nTrastero: No");
    expect(text).toContain("Item: Sillas; Qty: 4\nItem: Mesa; Qty: 1");
    expect(text.replace(/\s/g, " ")).toContain("Fee: 1200,00 EUR.");
    const stored = doc.variables as { values: Record<string, unknown> };
    expect(stored.values).toMatchObject({
      office: { line1: "Carrer de Mallorca 401", city: "Barcelona", state: "Catalunya", postalCode: "08013", country: "ES" },
      site: { latitude: 41.40363, longitude: 2.174356 },
      extras: [
        { key: "Parking", value: "Plaza 12" },
        { key: "Trastero", value: "No" },
      ],
      items: [
        ["Sillas", "4"],
        ["Mesa", "1"],
      ],
      "tenant id": "12345678-Z",
    });
  });

  it("takes the structured values over REST and GraphQL, and answers a bad one with its code and a Spanish message", async () => {
    const { template, accessToken } = await structuredTemplate();
    const headers = { authorization: `Bearer ${accessToken}`, "x-language": "es" };
    const ok = await fromTemplate.POST(
      jsonRequest("POST", "/vapp/documents/from-template", { body: { templateId: template.id, values }, headers, csrf: false }),
    );
    expect(ok.status).toBe(200);

    const bad = await fromTemplate.POST(
      jsonRequest("POST", "/vapp/documents/from-template", {
        body: {
          templateId: template.id,
          values: { ...values, "tenant id": "12/34", office: { ...values.office, city: "" }, site: { latitude: 95, longitude: 2 } },
        },
        headers,
        csrf: false,
      }),
    );
    expect(bad.status).toBe(400);
    const body = ((await bad.json()) as { error: { code: string; details: { fields: unknown[] } } }).error;
    expect(body.code).toBe("VALIDATION_FAILED");
    expect(body.details.fields).toEqual([
      { path: "tenant id", code: "identity", message: "Escribe el número del documento: de 3 a 40 letras, números, espacios o guiones." },
      { path: "office", code: "addressPart", params: { part: "city" }, message: "Escribe la ciudad." },
      { path: "site", code: "latitude", message: "La latitud debe estar entre -90 y 90." },
    ]);

    const created = await graphql<{ createDocument: { id: string; name: string } }>(
      "mutation ($data: CreateDocumentInput) { createDocument(data: $data) { id name } }",
      {
        accessToken,
        variables: { data: { templateId: template.id, values } },
      },
    );
    expect(created.errors).toBeUndefined();
    expect(created.data!.createDocument.name).toBe("Lease 12345678-Z");
  });

  it("refuses values nested too deep or too large at the edge", () => {
    const refused = (v: Record<string, unknown>) => {
      try {
        parseInput(createFromTemplateSchema, { templateId: "t1", values: v }, "createDocument");
      } catch (error) {
        return error as { code: string; details: { fields: { path: string; code: string }[] } };
      }
      throw new Error("accepted");
    };
    expect(refused({ items: [[["too", "deep"]]] })).toMatchObject({ code: "VALIDATION_FAILED" });
    expect(refused({ office: { line1: { street: "nested" } } })).toMatchObject({ code: "VALIDATION_FAILED" });
    expect(refused({ extras: Object.fromEntries(Array.from({ length: 51 }, (_, i) => [`k${i}`, "v"])) }).details.fields[0]).toMatchObject({
      path: "values.extras",
      code: "tooManyValues",
    });
    expect(refused({ items: Array.from({ length: 201 }, () => ["x"]) })).toMatchObject({ code: "VALIDATION_FAILED" });
    expect(parseInput(createFromTemplateSchema, { templateId: "t1", values }, "createDocument").values).toEqual(values);
  });
});
