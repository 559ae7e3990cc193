import { beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { GET } from "@/app/graphql/route";
import { createDocumentFromUpload } from "@/lib/documents/create-document";
import { listenForEvents, pubsub } from "@/lib/events/pubsub";
import { addMember, createAccount, createUser, signedInAs } from "@/tests/factories";
import { makeDocx } from "@/tests/fixtures/docx";

/**
 * The live subscriptions over SSE at /graphql (issue 16), through the real handler:
 * documentSigningChanged answers only a caller who reads the document (checked on subscribing),
 * and workQueueChanged fires for the caller's own workspace.
 */
type Sse = { next: () => Promise<{ event: string; data: Record<string, unknown> } | null>; close: () => Promise<void> };

/** Opens a subscription as a browser's EventSource would (GET, text/event-stream) and reads its events. */
async function subscribe(query: string, variables: Record<string, unknown>, accessToken: string): Promise<Sse> {
  const url = `http://localhost:3000/graphql?query=${encodeURIComponent(query)}&variables=${encodeURIComponent(JSON.stringify(variables))}`;
  const response = await GET(new Request(url, { headers: { accept: "text/event-stream", authorization: `Bearer ${accessToken}` } }));
  expect(response.headers.get("content-type")).toContain("text/event-stream");
  const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = "";
  return {
    next: async () => {
      for (;;) {
        const end = buffer.indexOf("\n\n");
        if (end >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const event = /^event: (.*)$/m.exec(block)?.[1];
          const data = /^data: (.*)$/m.exec(block)?.[1];
          if (event) return { event, data: data ? (JSON.parse(data) as Record<string, unknown>) : {} };
          continue; // a comment (keep-alive)
        }
        const { value, done } = await reader.read();
        if (done) return null;
        buffer += value;
      }
    },
    close: () => reader.cancel(),
  };
}

/** Publishes until the subscriber's first event arrives: its listener is in place from then on. */
async function untilListening(sse: Sse, publish: () => void) {
  const first = sse.next();
  let arrived = false;
  void first.then(() => (arrived = true));
  while (!arrived) {
    publish();
    await Promise.race([first, new Promise((resolve) => setTimeout(resolve, 200))]);
  }
  return first;
}

let w: {
  accountId: string;
  documentId: string;
  readerToken: string;
  outsiderToken: string;
  foreignToken: string;
  foreignAccountId: string;
};

beforeAll(async () => {
  await listenForEvents();
  const { account, owner } = await createAccount("Live");
  const ownerCtx = (await signedInAs(owner.id, account.id)).ctx;
  const document = await createDocumentFromUpload(ownerCtx, { name: "Live deed" }, { name: "l.docx", bytes: makeDocx(["Live"]) });
  const reader = await addMember(account.id, "Member", await createUser());
  const outsider = await addMember(account.id, "Member", await createUser());
  await db.documentPolicy.create({ data: { accountId: account.id, documentId: document.id, userId: reader.id, role: "reader" } });
  const foreign = await createAccount("Live elsewhere");
  w = {
    accountId: account.id,
    documentId: document.id,
    readerToken: (await signedInAs(reader.id, account.id)).accessToken,
    outsiderToken: (await signedInAs(outsider.id, account.id)).accessToken,
    foreignToken: (await signedInAs(foreign.owner.id, foreign.account.id)).accessToken,
    foreignAccountId: foreign.account.id,
  };
});

const SIGNING = "subscription ($documentId: ID!) { documentSigningChanged(documentId: $documentId) { documentId kind id state } }";

describe("documentSigningChanged", () => {
  it("streams the document's approval and signature events to a reader", { timeout: 30_000 }, async () => {
    const sse = await subscribe(SIGNING, { documentId: w.documentId }, w.readerToken);
    const event = (id: string, state: string) => ({ documentId: w.documentId, kind: "signature" as const, id, state });
    await untilListening(sse, () => pubsub.publish("document:signing", w.documentId, event("ping", "ping")));
    pubsub.publish("document:signing", w.documentId, event("sig-1", "signed"));
    // Pings sent while waiting may come first.
    let next = await sse.next();
    while ((next?.data.data as { documentSigningChanged: { id: string } } | undefined)?.documentSigningChanged.id === "ping")
      next = await sse.next();
    expect(next).toEqual({ event: "next", data: { data: { documentSigningChanged: event("sig-1", "signed") } } });
    await sse.close();
  });

  it("refuses a member who cannot see the document, and a member of another workspace, as NOT_FOUND", async () => {
    for (const token of [w.outsiderToken, w.foreignToken]) {
      const sse = await subscribe(SIGNING, { documentId: w.documentId }, token);
      const first = await sse.next();
      expect(first?.event).toBe("next");
      expect(first?.data).toMatchObject({ errors: [{ extensions: { code: "NOT_FOUND" } }] });
      // Then the stream ends.
      const rest: string[] = [];
      for (let next = await sse.next(); next; next = await sse.next()) rest.push(next.event);
      expect(rest.filter((event) => event !== "complete")).toEqual([]);
    }
  });
});

describe("workQueueChanged", () => {
  it("fires for changes in the caller's workspace", { timeout: 30_000 }, async () => {
    const query = "subscription { workQueueChanged { changedAt } }";
    for (const [token, accountId] of [
      [w.readerToken, w.accountId],
      [w.foreignToken, w.foreignAccountId],
    ] as const) {
      const sse = await subscribe(query, {}, token);
      const first = await untilListening(sse, () => pubsub.publish("account:workQueue", accountId, { documentId: w.documentId }));
      expect(first?.event).toBe("next");
      expect(first?.data).toEqual({ data: { workQueueChanged: { changedAt: expect.any(String) } } });
      await sse.close();
    }
  });
});
