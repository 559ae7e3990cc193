import { beforeAll, describe, expect, it } from "vitest";
import * as documentClone from "@/app/vapp/documents/[id]/clone/route";
import * as documentStatus from "@/app/vapp/documents/[id]/status/route";
import * as fromTemplate from "@/app/vapp/documents/from-template/route";
import * as templateRoute from "@/app/vapp/templates/[id]/route";
import * as templateClone from "@/app/vapp/templates/[id]/clone/route";
import type { ServiceContext } from "@/lib/auth/context";
import { cloneDocument } from "@/lib/documents/clone-document";
import { createDocumentFromUpload } from "@/lib/documents/create-document";
import { cloneTemplate, createTemplate, publishUnpublishTemplate, updateTemplate } from "@/lib/templates/templates";
import { createAccount, signedInAs } from "@/tests/factories";
import { graphql } from "@/tests/factories/graphql";
import { jsonRequest, params } from "@/tests/factories/http";
import { makeDocx } from "@/tests/fixtures/docx";

type ErrorBody = {
  error: {
    code: string;
    message: string;
    details?: { fields?: { path: string; code: string; params?: Record<string, unknown>; message: string }[] };
  };
};

let ctx: ServiceContext;
let token: string;
let templateId: string;

beforeAll(async () => {
  const { account, owner } = await createAccount("Localized errors");
  ({ ctx, accessToken: token } = await signedInAs(owner.id, account.id));
  const template = await createTemplate(
    ctx,
    { language: "en" },
    { name: "Services.docx", bytes: makeDocx(["[client] from [start] for [fee], write to [mail]."]) },
  );
  await updateTemplate(ctx, template.id, {
    variables: [
      { name: "client", type: "text", required: true, deprecated: false, options: {} },
      { name: "start", type: "date", required: true, deprecated: false, options: { dateMin: "2026-01-01" } },
      { name: "fee", type: "number", required: true, deprecated: false, options: {} },
      { name: "mail", type: "email", required: false, deprecated: false, options: {} },
    ],
  });
  await publishUnpublishTemplate(ctx, template.id, true);
  templateId = template.id;
});

const call = (method: string, language?: string, body?: unknown) =>
  jsonRequest(method, "/x", {
    body,
    csrf: false,
    headers: { authorization: `Bearer ${token}`, ...(language ? { "x-language": language } : {}) },
  });
const badValues = { templateId: "", values: { start: "2025-06-30", fee: "lots", mail: "nope" } };

describe("error texts in the caller's language", () => {
  it("gives a Spanish request Spanish reasons per field over REST, codes unchanged", async () => {
    const response = await fromTemplate.POST(call("POST", "es", { ...badValues, templateId }));
    expect(response.status).toBe(400);
    const { error } = (await response.json()) as ErrorBody;
    expect(error).toMatchObject({ code: "VALIDATION_FAILED", message: "Algunos campos no son válidos: client, start, fee, mail" });
    expect(error.details?.fields).toEqual([
      { path: "client", code: "required", message: "Este campo es obligatorio." },
      { path: "start", code: "minDate", params: { min: "2026-01-01" }, message: "La fecha no puede ser anterior al 1 de enero de 2026." },
      { path: "fee", code: "number", message: "Introduce un número." },
      { path: "mail", code: "email", message: "El correo electrónico no es válido." },
    ]);
  });

  it("keeps English for an English request, and follows other languages", async () => {
    const english = (await (await fromTemplate.POST(call("POST", "en", { ...badValues, templateId }))).json()) as ErrorBody;
    expect(english.error.details?.fields?.map((f) => f.message)).toEqual([
      "This field is required.",
      "The date must be on or after January 1, 2026.",
      "Enter a number.",
      "Email isn't valid.",
    ]);
    const catalan = (await (await fromTemplate.POST(call("POST", "ca", { ...badValues, templateId }))).json()) as ErrorBody;
    expect(catalan.error.details?.fields?.find((f) => f.path === "fee")?.message).toBe("Introdueix un número.");
    const brazilian = (await (await fromTemplate.POST(call("POST", "pt-BR", { ...badValues, templateId }))).json()) as ErrorBody;
    expect(brazilian.error.details?.fields?.find((f) => f.path === "fee")?.message).toBe("Insira um número.");
  });

  it("gives GraphQL the same translated reasons in the error extensions", async () => {
    const result = await graphql<{ createDocument: { id: string } }>(
      "mutation ($data: CreateDocumentInput) { createDocument(data: $data) { id } }",
      {
        accessToken: token,
        headers: { "x-language": "es" },
        variables: { data: { templateId, values: badValues.values } },
      },
    );
    const extensions = result.errors?.[0].extensions as unknown as ErrorBody["error"];
    expect(extensions).toMatchObject({
      code: "BAD_USER_INPUT",
      reason: "VALIDATION_FAILED",
      message: "Algunos campos no son válidos: client, start, fee, mail",
    });
    expect(extensions.details?.fields?.find((f) => f.path === "fee")).toEqual({
      path: "fee",
      code: "number",
      message: "Introduce un número.",
    });
  });

  it("translates the reason of a refused formula", async () => {
    const response = await templateRoute.PUT(
      call("PUT", "es", {
        variables: [
          { name: "client", type: "text", required: true, deprecated: false, options: {} },
          { name: "fee", type: "formula", required: false, deprecated: false, options: { formula: "[client] * 2" } },
        ],
      }),
      params({ id: templateId }),
    );
    expect(response.status).toBe(400);
    const { error } = (await response.json()) as ErrorBody;
    expect(error).toMatchObject({
      code: "FORMULA_INVALID",
      message: 'La fórmula de "fee" no es válida: [client] no es un campo numérico',
      details: { field: "fee", reason: { code: "notNumberField", params: { field: "client" } } },
    });
  });

  it("names the statuses of a refused transition by their labels", async () => {
    const doc = await createDocumentFromUpload(ctx, { name: "Lease" }, { name: "lease.docx", bytes: makeDocx(["Lease"]) });
    const spanish = (await (
      await documentStatus.POST(call("POST", "es", { newStatus: "signed" }), params({ id: doc.id }))
    ).json()) as ErrorBody;
    expect(spanish.error).toMatchObject({ code: "INVALID_TRANSITION", message: 'Un documento no puede pasar de "Creado" a "Firmado".' });
    const english = (await (
      await documentStatus.POST(call("POST", undefined, { newStatus: "signed" }), params({ id: doc.id }))
    ).json()) as ErrorBody;
    expect(english.error.message).toBe('A document cannot go from "Created" to "Signed".');
  });

  it("names copies and unnamed uploads in the caller's language", async () => {
    const doc = await createDocumentFromUpload(ctx, { name: "Lease" }, { name: "lease.docx", bytes: makeDocx(["Lease"]) });
    expect(((await (await documentClone.POST(call("POST", "es"), params({ id: doc.id }))).json()) as { name: string }).name).toBe(
      "Lease (copia)",
    );
    expect(((await (await templateClone.POST(call("POST", "ca"), params({ id: templateId }))).json()) as { name: string }).name).toBe(
      "Services (còpia)",
    );
    expect((await cloneDocument(ctx, doc.id)).name).toBe("Lease (copy)");
    expect((await cloneTemplate({ ...ctx, locale: "pt" }, templateId)).name).toBe("Services (cópia)");
    expect((await createDocumentFromUpload({ ...ctx, locale: "es" }, {}, { name: ".docx", bytes: makeDocx(["x"]) })).name).toBe(
      "Documento",
    );
    expect((await createDocumentFromUpload(ctx, {}, { name: ".docx", bytes: makeDocx(["x"]) })).name).toBe("Document");
    expect((await createTemplate({ ...ctx, locale: "pt-br" }, {}, { name: ".docx", bytes: makeDocx(["[x]"]) })).name).toBe("Modelo");
  });
});
