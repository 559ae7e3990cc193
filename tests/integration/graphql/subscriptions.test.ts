import { describe, expect, it } from "vitest";
import { POST } from "@/app/graphql/route";
import { createUser, signedInAs } from "@/tests/factories";
import { graphql } from "@/tests/factories/graphql";
import { jsonRequest } from "@/tests/factories/http";

describe("GraphQL subscriptions over server-sent events", () => {
  it("userUpdated delivers the user's change to another open connection", async () => {
    const user = await createUser({ firstName: "Before" });
    const { accessToken } = await signedInAs(user.id);
    const controller = new AbortController();
    const request = jsonRequest("POST", "/graphql", {
      body: { query: "subscription { userUpdated { id firstName } }" },
      headers: { authorization: `Bearer ${accessToken}`, accept: "text/event-stream" },
    });
    const response = await POST(new Request(request, { signal: controller.signal }));
    expect(response.headers.get("content-type")).toContain("text/event-stream");
    const reader = response.body!.getReader();
    const decoder = new TextDecoder();
    let received = "";
    // Reading starts the subscription; keep reading in the background.
    const reading = (async () => {
      while (!received.includes("After")) {
        const { value, done } = await reader.read();
        if (done) break;
        received += decoder.decode(value);
      }
    })();

    await new Promise((resolve) => setTimeout(resolve, 300));
    const mutation = await graphql('mutation { updateUser(data: { firstName: "After" }) { id } }', { accessToken });
    expect(mutation.errors).toBeUndefined();
    await reading;
    controller.abort();
    expect(received).toContain(`"userUpdated":{"id":"${user.id}","firstName":"After"}`);
  });
});
