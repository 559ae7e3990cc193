import { describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { globalSearch } from "@/lib/search/global-search";
import { cloneTemplate, createTemplate, findTemplates, updateTemplate, updateTemplateVersion } from "@/lib/templates/templates";
import { createAccount, signedInAs } from "@/tests/factories";
import { makeDocx } from "@/tests/fixtures/docx";
import { TEMPLATE_LIST_DEFAULTS } from "@/lib/templates/find-templates";

const names = async (ctx: Parameters<typeof findTemplates>[0], search: string) =>
  (await findTemplates(ctx, { ...TEMPLATE_LIST_DEFAULTS, search })).items.map((t) => t.name).sort();

describe("template search", () => {
  it("finds templates by a word of their file, stemmed in their language, by part of the name, and follows every change", async () => {
    const { account, owner } = await createAccount("Template search");
    const { ctx } = await signedInAs(owner.id, account.id);
    await createTemplate(
      ctx,
      { name: "Services agreement", language: "en" },
      { name: "s.docx", bytes: makeDocx(["The supplier indemnifies the client against [claim] claims."]) },
    );
    const lease = await createTemplate(
      ctx,
      { name: "Arrendamiento", language: "es" },
      { name: "l.docx", bytes: makeDocx(["Los arrendatarios pagarán la fianza de [importe]."]) },
    );

    expect(await names(ctx, "indemnifies")).toEqual(["Services agreement"]);
    expect(await names(ctx, "indemnify")).toEqual(["Services agreement"]); // stemmed in English
    expect(await names({ ...ctx, locale: "es" }, "arrendatario")).toEqual(["Arrendamiento"]); // stemmed in Spanish
    expect(await names(ctx, "serv")).toEqual(["Services agreement"]); // part of the name
    expect(await names(ctx, "wombat")).toEqual([]);

    await updateTemplate(ctx, lease.id, { description: "Contrato de vivienda con wombat" });
    expect(await names(ctx, "wombat")).toEqual(["Arrendamiento"]);
    await updateTemplateVersion(ctx, lease.id, { name: "l2.docx", bytes: makeDocx(["Cláusula de quokka para [importe]."]) });
    expect(await names(ctx, "quokka")).toEqual(["Arrendamiento"]);
    expect(await names(ctx, "fianza")).toEqual([]);
    const copy = await cloneTemplate(ctx, lease.id);
    expect((await findTemplates(ctx, { ...TEMPLATE_LIST_DEFAULTS, search: "quokka" })).items.map((t) => t.id).sort()).toEqual(
      [lease.id, copy.id].sort(),
    );

    const home = await globalSearch(ctx, "quokka");
    expect(home.templates.map((t) => t.id).sort()).toEqual([lease.id, copy.id].sort());
    const vector = await db.$queryRaw<
      { filled: boolean }[]
    >`SELECT search IS NOT NULL AS filled FROM "Template" WHERE "accountId" = ${account.id}`;
    expect(vector.every((row) => row.filled)).toBe(true);
  });

  it("never finds another workspace's templates", async () => {
    const a = await createAccount("Template search A");
    const b = await createAccount("Template search B");
    const ctxA = (await signedInAs(a.owner.id, a.account.id)).ctx;
    const ctxB = (await signedInAs(b.owner.id, b.account.id)).ctx;
    await createTemplate(ctxB, { name: "B secret" }, { name: "b.docx", bytes: makeDocx(["Okapi clause [x]"]) });
    expect((await findTemplates(ctxA, { ...TEMPLATE_LIST_DEFAULTS, search: "okapi" })).total).toBe(0);
    expect((await globalSearch(ctxA, "okapi")).templates).toEqual([]);
    expect((await findTemplates(ctxB, { ...TEMPLATE_LIST_DEFAULTS, search: "okapi" })).total).toBe(1);
  });
});
