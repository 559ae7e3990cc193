import "server-only";
import { cookies, headers } from "next/headers";
import { cache } from "react";
import { buildContext } from "./get-request-context";
import { withRequestMemo } from "./request-memo";

/** The context of a page or server action, built once per render. */
export const getPageContext = cache(async () => {
  const [headerStore, cookieStore] = await Promise.all([headers(), cookies()]);
  // Pages only read (there are no server actions): rows may be kept for the whole render.
  return withRequestMemo(
    await buildContext(
      {
        header: (name) => headerStore.get(name),
        cookie: (name) => cookieStore.get(name)?.value ?? null,
      },
      // The shell shows the user's workspaces: read with the session, in the same statement.
      { withPolicies: true },
    ),
    { readOnly: true },
  );
});
