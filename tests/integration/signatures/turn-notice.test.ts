import { afterAll, describe, expect, it } from "vitest";
import { stopJobs } from "@/lib/jobs/queue";
import { requestSignatures } from "@/lib/signatures/request-signatures";
import { setSignProcess } from "@/lib/signatures/set-sign-process";
import { signDocument } from "@/lib/signatures/sign-document";
import { signerTurnState } from "@/lib/signatures/turn-notice";
import { makePng } from "@/tests/factories/images";
import { addSigners, pdfContract, signerContext, signingToken } from "./helpers";

afterAll(() => stopJobs());

const upload = () => ({ kind: "uploaded" as const, files: [{ name: "s.png", bytes: makePng(40, 20), field: "signature" }] });

/**
 * The failed-link page reads the turn again when it is opened (issue 39, item 10): "you will get
 * an email when it is your turn" only while the process is ordered and the signer's turn has not
 * come; their turn come, or the process parallel, they may sign; signed, the link is used up.
 */
describe("signerTurnState", () => {
  it("waits in an ordered process before the first has signed, and no longer once parallel, nor after the first signed", async () => {
    const { ctx, document } = await pdfContract("Turns");
    const [one, two] = await addSigners(ctx, document.id, [1, 2]);
    await setSignProcess(ctx, document.id, { signProcess: "parallel" });
    await requestSignatures(ctx, document.id);
    const [first, second] = [await signingToken(one!.email), await signingToken(two!.email)];
    expect(await signerTurnState(signerContext(second))).toBe("inTurn");
    await setSignProcess(ctx, document.id, { signProcess: "ordered" });
    expect(await signerTurnState(signerContext(second))).toBe("waiting");
    expect(await signerTurnState(signerContext(first))).toBe("inTurn");
    await signDocument(signerContext(first), upload());
    expect(await signerTurnState(signerContext(second))).toBe("inTurn");
    // Signed: the link is used up, as the signing page says.
    await expect(signerTurnState(signerContext(first))).rejects.toMatchObject({
      code: "SIGNING_LINK_INVALID",
      details: { reason: "completed" },
    });
  });
});
