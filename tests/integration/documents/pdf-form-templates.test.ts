import { PDFDocument } from "pdf-lib";
import { describe, expect, it } from "vitest";
import { createDocumentFromTemplate } from "@/lib/documents/create-document-from-template";
import { getDocumentFile } from "@/lib/documents/get-document-file";
import { createTemplate, publishUnpublishTemplate, updateTemplate } from "@/lib/templates/templates";
import type { Variable } from "@/lib/templates/variables";
import { createAccount, signedInAs } from "@/tests/factories";

/**
 * A one-page PDF form with a text field, two checkboxes (the second already ticked, so leaving
 * it ticked would show), a dropdown and a radio group.
 */
async function makeCheckboxForm(): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  const page = pdf.addPage([595, 842]);
  const form = pdf.getForm();
  form.createTextField("Name").addToPage(page, { x: 50, y: 760, width: 300, height: 24 });
  form.createCheckBox("Agreed").addToPage(page, { x: 50, y: 720, width: 16, height: 16 });
  const newsletter = form.createCheckBox("Newsletter");
  newsletter.addToPage(page, { x: 50, y: 690, width: 16, height: 16 });
  newsletter.check();
  const tier = form.createDropdown("Tier");
  tier.addOptions(["Gold", "Silver"]);
  tier.addToPage(page, { x: 50, y: 650, width: 200, height: 24 });
  const plan = form.createRadioGroup("Plan");
  plan.addOptionToPage("Basic", page, { x: 50, y: 610, width: 16, height: 16 });
  plan.addOptionToPage("Pro", page, { x: 80, y: 610, width: 16, height: 16 });
  return pdf.save();
}

async function filledForm(ctx: Awaited<ReturnType<typeof signedInAs>>["ctx"], documentId: string) {
  const file = await getDocumentFile(ctx, documentId);
  return (await PDFDocument.load(new Uint8Array(await new Response(file.stream).arrayBuffer()))).getForm();
}

describe("documents from PDF form templates", () => {
  it("ticks the checkboxes set true and clears those set false, whatever their labels, and selects choices", async () => {
    const { account, owner } = await createAccount("PDF checkboxes");
    const { ctx } = await signedInAs(owner.id, account.id);
    const template = await createTemplate(ctx, {}, { name: "Order [Name].pdf", bytes: await makeCheckboxForm() });
    expect(template.delimiter).toBe("pdfForm");
    const variables = template.variables as Variable[];
    expect(variables.map((v) => [v.name, v.type])).toEqual([
      ["Name", "text"],
      ["Agreed", "checkbox"],
      ["Newsletter", "checkbox"],
      ["Tier", "dropdown"],
      ["Plan", "radio"],
    ]);
    // Labels of its own: a box must still follow the value, not the text "Sí".
    await updateTemplate(ctx, template.id, {
      variables: variables.map((v) => (v.name === "Agreed" ? { ...v, options: { trueLabel: "Sí", falseLabel: "No" } } : v)),
    });
    await publishUnpublishTemplate(ctx, template.id, true);

    const doc = await createDocumentFromTemplate(ctx, {
      templateId: template.id,
      values: { Name: "Ana", Agreed: true, Newsletter: false, Tier: "Silver", Plan: "Pro" },
      fields: {},
    });
    const form = await filledForm(ctx, doc.id);
    expect(form.getTextField("Name").getText()).toBe("Ana");
    expect(form.getCheckBox("Agreed").isChecked()).toBe(true);
    expect(form.getCheckBox("Newsletter").isChecked()).toBe(false);
    expect(form.getDropdown("Tier").getSelected()).toEqual(["Silver"]);
    expect(form.getRadioGroup("Plan").getSelected()).toBe("Pro");

    const other = await createDocumentFromTemplate(ctx, {
      templateId: template.id,
      values: { Name: "Bo", Agreed: false, Newsletter: true, Tier: "Gold", Plan: "Basic" },
      fields: {},
    });
    const otherForm = await filledForm(ctx, other.id);
    expect(otherForm.getCheckBox("Agreed").isChecked()).toBe(false);
    expect(otherForm.getCheckBox("Newsletter").isChecked()).toBe(true);
    expect(otherForm.getRadioGroup("Plan").getSelected()).toBe("Basic");
  });

  it("fills the fields in a PDF form template's name, as for DOCX", async () => {
    const { account, owner } = await createAccount("PDF names");
    const { ctx } = await signedInAs(owner.id, account.id);
    const template = await createTemplate(ctx, {}, { name: "Order [Name] {{Tier}} [Unknown].pdf", bytes: await makeCheckboxForm() });
    expect(template.name).toBe("Order [Name] {{Tier}} [Unknown]");
    await publishUnpublishTemplate(ctx, template.id, true);
    const doc = await createDocumentFromTemplate(ctx, {
      templateId: template.id,
      values: { Name: "Ana Lima", Tier: "Gold", Plan: "Basic" },
      fields: {},
    });
    expect(doc.name).toBe("Order Ana Lima Gold [Unknown]");
    const named = await createDocumentFromTemplate(ctx, {
      templateId: template.id,
      values: { Name: "Ana", Tier: "Gold", Plan: "Basic" },
      fields: { name: "Chosen" },
    });
    expect(named.name).toBe("Chosen");
  });
});
