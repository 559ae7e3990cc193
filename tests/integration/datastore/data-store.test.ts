import PizZip from "pizzip";
import { describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import type { ServiceContext } from "@/lib/auth/context";
import { GET as getRoute, PUT as putRoute } from "@/app/vapp/accounts/data-store/route";
import { createDocumentFromTemplate } from "@/lib/documents/create-document-from-template";
import { getDocumentFile } from "@/lib/documents/get-document-file";
import { getDataStore, updateDataStore } from "@/lib/datastore/data-store";
import { updateDataStoreOperation } from "@/lib/datastore/data-store-operations";
import { runOperation } from "@/lib/operations/operation";
import { createTemplate, publishUnpublishTemplate, updateTemplate } from "@/lib/templates/templates";
import { addMember, createAccount, signedInAs } from "@/tests/factories";
import { graphql } from "@/tests/factories/graphql";
import { jsonRequest } from "@/tests/factories/http";
import { makeDocx } from "@/tests/fixtures/docx";

const bodyText = (bytes: Uint8Array) =>
  new PizZip(bytes)
    .file("word/document.xml")!
    .asText()
    .replace(/<[^>]+>/g, "");

async function workspace() {
  const { account, owner } = await createAccount("Store");
  const { ctx, accessToken } = await signedInAs(owner.id, account.id);
  return { account, owner, ctx, accessToken };
}

const COMPANY = { name: "company legal name", type: "text" as const, value: "Quokka Holdings S.L.", description: "As registered" };

/** Saves through the declaration, which parses what it is given (defaults, coercion, the schema's refusals). */
const save = (ctx: ServiceContext, variables: unknown[]) => runOperation(updateDataStoreOperation, ctx, { variables });

describe("workspace data store", () => {
  it("starts empty, saves the whole list in one audited change, and reads it back", async () => {
    const { ctx, account } = await workspace();
    expect(await getDataStore(ctx)).toEqual({ variables: [], metadata: {}, createdAt: null, updatedAt: null });
    // Through the declaration, which parses: a number becomes text, a value is trimmed.
    const saved = await save(ctx, [
      COMPANY,
      { name: "vat", type: "number", value: 21 },
      { name: "start", type: "date", value: " 2026-01-31 " },
    ]);
    expect(saved.variables).toEqual([
      COMPANY,
      { name: "vat", type: "number", value: "21" },
      { name: "start", type: "date", value: "2026-01-31" },
    ]);
    expect(saved.createdAt).toBeInstanceOf(Date);
    expect((await getDataStore(ctx)).variables).toEqual(saved.variables);

    await updateDataStore(ctx, [
      { ...COMPANY, value: "Quokka Group S.A." },
      { name: "phone", type: "phone", value: "+34 600 111 222" },
    ]);
    const audits = await db.audit.findMany({
      where: { accountId: account.id, eventType: "dataStore.updated" },
      orderBy: { createdAt: "asc" },
    });
    expect(audits).toHaveLength(2);
    expect(audits[0]).toMatchObject({
      userId: ctx.userId,
      targetType: "dataStore",
      payload: { added: ["company legal name", "vat", "start"], changed: [], removed: [] },
    });
    expect(audits[1].payload).toEqual({ added: ["phone"], changed: ["company legal name"], removed: ["vat", "start"] });
    // Values stay out of the audit trail.
    expect(JSON.stringify(audits)).not.toContain("Quokka");
    expect(await db.accountDataStore.count({ where: { accountId: account.id } })).toBe(1);
  });

  it("refuses a value that breaks its type, naming the variable, and stores nothing", async () => {
    const { ctx, account } = await workspace();
    await expect(
      updateDataStore(ctx, [
        COMPANY,
        { name: "fee", type: "number", value: "lots" },
        { name: "mail", type: "email", value: "not-an-address" },
      ]),
    ).rejects.toMatchObject({
      code: "VALIDATION_FAILED",
      params: { fields: "fee, mail" },
      details: {
        fields: [
          { path: "fee", code: "number", message: "Enter a number." },
          { path: "mail", code: "email" },
        ],
      },
    });
    await expect(save(ctx, [COMPANY, { ...COMPANY, name: "Company Legal Name" }])).rejects.toMatchObject({
      code: "VALIDATION_FAILED",
      params: { fields: "variables.1.name" },
    });
    await expect(save(ctx, [{ ...COMPANY, name: "[bad]" }])).rejects.toMatchObject({
      code: "VALIDATION_FAILED",
      params: { fields: "variables.0.name" },
    });
    await expect(save(ctx, [{ ...COMPANY, type: "formula" }])).rejects.toMatchObject({ code: "VALIDATION_FAILED" });
    await expect(
      save(
        ctx,
        Array.from({ length: 201 }, (_, i) => ({ name: `v${i}`, value: "x" })),
      ),
    ).rejects.toMatchObject({ code: "VALIDATION_FAILED" });
    expect(await db.accountDataStore.count({ where: { accountId: account.id } })).toBe(0);
    expect(await db.audit.count({ where: { accountId: account.id, eventType: "dataStore.updated" } })).toBe(0);
  });

  it("lets a Member read it but not change it; a Guest reads it too", async () => {
    const { ctx, account } = await workspace();
    await updateDataStore(ctx, [COMPANY]);
    const member = await addMember(account.id, "Member");
    const { ctx: memberCtx } = await signedInAs(member.id, account.id);
    expect((await getDataStore(memberCtx)).variables).toEqual([COMPANY]);
    // The declaration checks ManageAccount (issue 38: once, there; the service trusts its caller).
    await expect(runOperation(updateDataStoreOperation, memberCtx, { variables: [] })).rejects.toMatchObject({ code: "FORBIDDEN" });
    const guest = await addMember(account.id, "Guest");
    const { ctx: guestCtx } = await signedInAs(guest.id, account.id);
    expect((await getDataStore(guestCtx)).variables).toEqual([COMPANY]);
    expect((await getDataStore(ctx)).variables).toEqual([COMPANY]);
  });

  it("is never seen or changed from another account, through services, REST or GraphQL", async () => {
    const a = await workspace();
    const b = await workspace();
    await updateDataStore(b.ctx, [COMPANY]);
    expect((await getDataStore(a.ctx)).variables).toEqual([]);
    await updateDataStore(a.ctx, [{ name: "company legal name", type: "text", value: "Alpha Ltd" }]);
    expect((await getDataStore(b.ctx)).variables).toEqual([COMPANY]);

    const withBHeader = { authorization: `Bearer ${a.accessToken}`, "x-account-id": b.account.id };
    const read = await getRoute(jsonRequest("GET", "/vapp/accounts/data-store", { headers: withBHeader }));
    expect(read.status).toBe(403);
    expect(await read.text()).not.toContain("Quokka");
    const write = await putRoute(jsonRequest("PUT", "/vapp/accounts/data-store", { headers: withBHeader, body: { variables: [] } }));
    expect(write.status).toBe(403);
    const query = await graphql("{ dataStore { variables { name value } } }", { headers: withBHeader });
    expect(query.errors?.[0].extensions.code).toMatch(/^(FORBIDDEN|ACCOUNT_REQUIRED)$/);
    expect(JSON.stringify(query.data ?? {})).not.toContain("Quokka");
    const mutation = await graphql("mutation ($v: JSON!) { updateDataStore(variables: $v) { updatedAt } }", {
      headers: withBHeader,
      variables: { v: [] },
    });
    expect(mutation.errors?.[0].extensions.code).toMatch(/^(FORBIDDEN|ACCOUNT_REQUIRED)$/);
    expect((await getDataStore(b.ctx)).variables).toEqual([COMPANY]);

    // Through its own doors, A reads and writes only its own store.
    const own = await graphql<{ dataStore: { variables: { name: string; value: string }[] } }>(
      "{ dataStore { variables { name value } } }",
      { accessToken: a.accessToken },
    );
    expect(own.data?.dataStore.variables).toEqual([{ name: "company legal name", value: "Alpha Ltd" }]);
    const put = await putRoute(
      jsonRequest("PUT", "/vapp/accounts/data-store", {
        headers: { authorization: `Bearer ${a.accessToken}` },
        body: { variables: [{ name: "city", value: "Girona" }] },
      }),
    );
    expect(put.status).toBe(200);
    expect(((await put.json()) as { variables: unknown[] }).variables).toEqual([{ name: "city", type: "text", value: "Girona" }]);
    const refused = await graphql("mutation ($v: JSON!) { updateDataStore(variables: $v) { updatedAt } }", {
      accessToken: a.accessToken,
      variables: { v: [{ name: "fee", type: "currency", value: "ten" }] },
    });
    expect(refused.errors?.[0].extensions).toMatchObject({ code: "BAD_USER_INPUT", reason: "VALIDATION_FAILED" });
    expect((await getDataStore(b.ctx)).variables).toEqual([COMPANY]);
  });

  it("fills a template field named like a variable when it is left empty; a typed value wins", async () => {
    const { ctx, account } = await workspace();
    await updateDataStore(ctx, [
      COMPANY,
      { name: "fee", type: "number", value: "1200" },
      { name: "unused", type: "text", value: "Never shown" },
    ]);
    const template = await createTemplate(
      ctx,
      { language: "en" },
      { name: "NDA.docx", bytes: makeDocx(["Between [company legal name] and [client]. Fee: [fee]."]) },
    );
    await updateTemplate(ctx, template.id, {
      variables: [
        { name: "company legal name", type: "text", required: true, deprecated: false, options: {} },
        { name: "client", type: "text", required: true, deprecated: false, options: {} },
        { name: "fee", type: "currency", required: true, deprecated: false, options: { currency: "EUR" } },
      ],
    });
    await publishUnpublishTemplate(ctx, template.id, true);

    const fromStore = await createDocumentFromTemplate(ctx, {
      templateId: template.id,
      values: { client: "Acme", "company legal name": "", fee: null },
      fields: {},
    });
    const file = await getDocumentFile(ctx, fromStore.id);
    const text = bodyText(new Uint8Array(await new Response(file.stream).arrayBuffer()));
    expect(text).toContain("Between Quokka Holdings S.L. and Acme. Fee: €1,200.00.");
    expect(text).not.toContain("Never shown");
    const audit = await db.audit.findFirstOrThrow({
      where: { accountId: account.id, eventType: "document.created", targetId: fromStore.id },
    });
    expect(audit.payload).toMatchObject({ dataStore: ["company legal name", "fee"] });

    const typed = await createDocumentFromTemplate(ctx, {
      templateId: template.id,
      values: { client: "Acme", "company legal name": "Wombat Ltd", fee: 50 },
      fields: {},
    });
    const typedFile = await getDocumentFile(ctx, typed.id);
    const typedText = bodyText(new Uint8Array(await new Response(typedFile.stream).arrayBuffer()));
    expect(typedText).toContain("Between Wombat Ltd and Acme. Fee: €50.00.");
    expect(typedText).not.toContain("Quokka");
  });

  it("still lets the template's own field refuse a store value of the wrong kind", async () => {
    const { ctx } = await workspace();
    await updateDataStore(ctx, [{ name: "start", type: "text", value: "next spring" }]);
    const template = await createTemplate(ctx, {}, { name: "Lease.docx", bytes: makeDocx(["Starts [start]."]) });
    await updateTemplate(ctx, template.id, {
      variables: [{ name: "start", type: "date", required: true, deprecated: false, options: {} }],
    });
    await publishUnpublishTemplate(ctx, template.id, true);
    await expect(createDocumentFromTemplate(ctx, { templateId: template.id, values: {}, fields: {} })).rejects.toMatchObject({
      code: "VALIDATION_FAILED",
      details: { fields: [{ path: "start", code: "date" }] },
    });
  });
});
