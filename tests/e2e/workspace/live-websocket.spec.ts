import { expect, test } from "@playwright/test";
import { signInFresh } from "../fixtures/fresh-user";
import { csrfToken } from "../fixtures/users";

/**
 * GraphQL subscriptions over WebSocket on the real server (scripts/server.mjs; lib/graphql/ws.ts):
 * a signed-in page opens a socket to /graphql with the graphql-transport-ws protocol, the session
 * cookie going with the upgrade, and receives its user's change made through the API. The page
 * subscribes over server-sent events first: the route handlers and the WebSocket side are two
 * copies of the events module in the server's build, and both must hear the process's one listener.
 */
type Live = {
  acked: boolean;
  closed: number | null;
  events: { data?: { userUpdated?: { firstName: string } } }[];
  sse: { data?: { userUpdated?: { firstName: string } } }[];
};

test("a page's WebSocket subscription receives the user's change, as its server-sent events do", async ({ page, request }) => {
  await signInFresh(page, request, "live-ws");
  await page.goto("/settings/preferences");
  await page.evaluate(() => {
    const live: Live = { acked: false, closed: null, events: [], sse: [] };
    (window as unknown as { live: Live }).live = live;
    const stream = new EventSource(`/graphql?query=${encodeURIComponent("subscription { userUpdated { firstName } }")}`);
    stream.addEventListener("next", (event) => live.sse.push(JSON.parse((event as MessageEvent<string>).data) as Live["sse"][number]));
    const socket = new WebSocket(`${location.origin.replace(/^http/, "ws")}/graphql`, "graphql-transport-ws");
    socket.onopen = () => socket.send(JSON.stringify({ type: "connection_init" }));
    socket.onmessage = (event) => {
      const message = JSON.parse(String(event.data)) as { type: string; payload?: Live["events"][number] };
      if (message.type === "connection_ack") {
        live.acked = true;
        socket.send(JSON.stringify({ id: "1", type: "subscribe", payload: { query: "subscription { userUpdated { firstName } }" } }));
      }
      if (message.type === "next" && message.payload) live.events.push(message.payload);
    };
    socket.onclose = (event) => (live.closed = event.code);
  });
  const live = () => page.evaluate(() => (window as unknown as { live: Live }).live);
  await expect.poll(async () => (await live()).acked).toBe(true);

  // A new name each time until the subscription (in place a moment after the acknowledgement) hears one.
  const heard = async () => {
    const { events, sse } = await live();
    return events.length > 0 && sse.length > 0;
  };
  for (let attempt = 1; attempt <= 20 && !(await heard()); attempt++) {
    const response = await page.request.patch("/vapp/users", {
      headers: { "x-csrf-token": await csrfToken(page.request) },
      data: { firstName: `Wendy ${attempt}` },
    });
    expect(response.ok(), await response.text()).toBe(true);
    await page.waitForTimeout(500);
  }
  const { events, sse, closed } = await live();
  expect(closed).toBeNull();
  expect(events[0]?.data?.userUpdated?.firstName).toMatch(/^Wendy \d+$/);
  expect(sse[0]?.data?.userUpdated?.firstName).toMatch(/^Wendy \d+$/);
});
