import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { createDocumentFromUpload } from "@/lib/documents/create-document";
import { listenForEvents, pubsub } from "@/lib/events/pubsub";
import { addMember, createAccount, createUser, signedInAs } from "@/tests/factories";
import { makeDocx } from "@/tests/fixtures/docx";
import { startWebSocketServer, subscribeOverSse, subscribeOverWebSocket, untilListening, type Subscribe } from "@/tests/factories/live";

/**
 * The live subscriptions (issue 16), over both transports of /graphql (issue 38): server-sent
 * events through the real route handler, and WebSocket (graphql-ws) on a real HTTP server.
 * documentSigningChanged answers only a caller who reads the document (checked on subscribing),
 * workQueueChanged fires for the caller's own workspace, userUpdated for the caller.
 */

let webSocket: Awaited<ReturnType<typeof startWebSocketServer>>;
const transports: [string, () => Subscribe][] = [
  ["server-sent events", () => subscribeOverSse],
  ["WebSocket", () => subscribeOverWebSocket(webSocket.url)],
];

let w: {
  ownerId: string;
  ownerToken: string;
  accountId: string;
  documentId: string;
  readerToken: string;
  outsiderToken: string;
  foreignToken: string;
  foreignAccountId: string;
};

beforeAll(async () => {
  await listenForEvents();
  webSocket = await startWebSocketServer();
  const { account, owner } = await createAccount("Live");
  const ownerCtx = (await signedInAs(owner.id, account.id)).ctx;
  const document = await createDocumentFromUpload(ownerCtx, { name: "Live deed" }, { name: "l.docx", bytes: makeDocx(["Live"]) });
  const reader = await addMember(account.id, "Member", await createUser());
  const outsider = await addMember(account.id, "Member", await createUser());
  await db.documentPolicy.create({ data: { accountId: account.id, documentId: document.id, userId: reader.id, role: "reader" } });
  const foreign = await createAccount("Live elsewhere");
  w = {
    ownerId: owner.id,
    ownerToken: (await signedInAs(owner.id, account.id)).accessToken,
    accountId: account.id,
    documentId: document.id,
    readerToken: (await signedInAs(reader.id, account.id)).accessToken,
    outsiderToken: (await signedInAs(outsider.id, account.id)).accessToken,
    foreignToken: (await signedInAs(foreign.owner.id, foreign.account.id)).accessToken,
    foreignAccountId: foreign.account.id,
  };
});

const SIGNING = "subscription ($documentId: ID!) { documentSigningChanged(documentId: $documentId) { documentId kind id state } }";

afterAll(() => webSocket?.close());

describe.each(transports)("over %s", (_name, subscribe) => {
  describe("documentSigningChanged", () => {
    it("streams the document's approval and signature events to a reader", { timeout: 30_000 }, async () => {
      const sse = await subscribe()(SIGNING, { documentId: w.documentId }, w.readerToken);
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
        const sse = await subscribe()(SIGNING, { documentId: w.documentId }, token);
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
        const sse = await subscribe()(query, {}, token);
        const first = await untilListening(sse, () => pubsub.publish("account:workQueue", accountId, { documentId: w.documentId }));
        expect(first?.event).toBe("next");
        expect(first?.data).toEqual({ data: { workQueueChanged: { changedAt: expect.any(String) } } });
        await sse.close();
      }
    });
  });

  describe("userUpdated", () => {
    it("delivers the caller's own change", { timeout: 30_000 }, async () => {
      const sse = await subscribe()("subscription { userUpdated { id firstName } }", {}, w.ownerToken);
      const first = await untilListening(sse, () => pubsub.publish("user:updated", w.ownerId, { id: w.ownerId }));
      expect(first?.event).toBe("next");
      expect(first?.data).toMatchObject({ data: { userUpdated: { id: w.ownerId } } });
      await sse.close();
    });
  });
});
