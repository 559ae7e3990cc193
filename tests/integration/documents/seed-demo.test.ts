import { describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { DEMO_USER, seedDemo } from "@/lib/registry/seed-demo";
import { expiringDocuments } from "@/lib/documents/expiring-documents";
import { DOCUMENT_LIST_DEFAULTS, findDocuments } from "@/lib/documents/find-documents";
import { signedInAs } from "@/tests/factories";

describe("demo data", () => {
  it("gives the demo workspace a published template and documents, one ending soon", async () => {
    if (!(await db.user.findUnique({ where: { email: DEMO_USER.email } }))) await seedDemo();
    const user = await db.user.findUniqueOrThrow({ where: { email: DEMO_USER.email } });
    const policy = await db.accountPolicy.findFirstOrThrow({ where: { userId: user.id } });
    const { ctx } = await signedInAs(user.id, policy.accountId);
    expect(await db.template.count({ where: { accountId: policy.accountId, published: true } })).toBe(1);
    const docs = await findDocuments(ctx);
    expect(docs.items.map((d) => d.name).sort()).toEqual([
      "Office lease",
      "Services agreement Contoso Iberia",
      "Services agreement Northwind Traders",
    ]);
    expect((await expiringDocuments(ctx)).map((d) => d.name)).toEqual(["Services agreement Northwind Traders"]);
    expect((await findDocuments(ctx, { ...DOCUMENT_LIST_DEFAULTS, search: "landlord" })).total).toBe(1);
  });
});
