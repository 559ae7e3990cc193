import { createElement } from "react";
import { describe, expect, it } from "vitest";
import { renderedText } from "../../factories/client-intl";
import { WorkQueue, type WorkQueueData } from "@/components/home/work-queue";
import en from "@/messages/en.json";
import es from "@/messages/es.json";

const queue = (counts: Partial<WorkQueueData["counts"]>): WorkQueueData => ({
  counts: {
    toApprove: 0,
    toSign: 0,
    waitingDocuments: 0,
    waitingApprovals: 0,
    waitingSignatures: 0,
    waitingCapped: false,
    ...counts,
  },
  toApprove: { items: [], nextCursor: null },
  toSign: { items: [], nextCursor: null },
  waiting: { items: [], nextCursor: null },
});

const render = (data: WorkQueueData, locale = "en", messages: object = en) =>
  renderedText(createElement(WorkQueue, { initial: data, take: 10 }), { locale, messages });

describe("the work queue's counts", () => {
  it("are numbers in the interface language, and lower bounds with a '+' and a note once the counting stopped", () => {
    const exact = render(queue({ toSign: 1_234, waitingDocuments: 12, waitingApprovals: 3, waitingSignatures: 20 }));
    expect(exact).toContain("To sign 1,234");
    expect(exact).toContain("Documents 12 Approvals pending 3 Signatures pending 20");
    expect(exact).not.toContain("Counted up to");

    const capped = queue({ waitingDocuments: 1_000, waitingApprovals: 1_503, waitingSignatures: 2_002, waitingCapped: true });
    expect(render(capped)).toContain(
      "Documents 1,000+ Approvals pending 1,503+ Signatures pending 2,002+ Counted up to 1,000 documents: more are waiting.",
    );
    expect(render(capped, "es", es)).toContain("Contados hasta 1000 documentos: hay más en espera.");
  });
});
