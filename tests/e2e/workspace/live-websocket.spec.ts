import { expect, test } from "@playwright/test";
import { signInFresh } from "../fixtures/fresh-user";
import { csrfToken } from "../fixtures/users";

/**
 * GraphQL subscriptions over WebSocket on the real server (scripts/server.mjs; lib/graphql/ws.ts):
 * a signed-in page opens a socket to /graphql with the graphql-transport-ws protocol, the session
 * cookie going with the upgrade, and receives its user's change made through the API.
 */
test("a page's WebSocket subscription receives the user's change", async ({ page, request }) => {
  await signInFresh(page, request, "live-ws");
  await page.goto("/settings/preferences");
  const received = page.evaluate(
    () =>
      new Promise<unknown>((resolve, reject) => {
        const socket = new WebSocket(`${location.origin.replace(/^http/, "ws")}/graphql`, "graphql-transport-ws");
        socket.onopen = () => socket.send(JSON.stringify({ type: "connection_init" }));
        socket.onmessage = (event) => {
          const message = JSON.parse(String(event.data)) as { type: string; payload?: unknown };
          if (message.type === "connection_ack")
            socket.send(JSON.stringify({ id: "1", type: "subscribe", payload: { query: "subscription { userUpdated { firstName } }" } }));
          if (message.type === "next") {
            resolve(message.payload);
            socket.close();
          }
        };
        socket.onclose = (event) => reject(new Error(`closed with ${event.code}`));
        setTimeout(() => reject(new Error("no event within 20 s")), 20_000);
      }),
  );
  // Changed until the subscription (in place a moment after the acknowledgement) hears it.
  let settled = false;
  void received.finally(() => (settled = true)).catch(() => undefined);
  for (let attempt = 0; !settled && attempt < 20; attempt++) {
    const response = await page.request.patch("/vapp/users", {
      headers: { "x-csrf-token": await csrfToken(page.request) },
      data: { firstName: "Wendy" },
    });
    expect(response.ok(), await response.text()).toBe(true);
    await page.waitForTimeout(500);
  }
  expect(await received).toEqual({ data: { userUpdated: { firstName: "Wendy" } } });
});
