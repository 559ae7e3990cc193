import { documentPageImageOperation } from "@/lib/documents/page-image-operations";
import { restRoute } from "@/lib/operations/rest";
import { withoutSignedParam } from "@/lib/signing/signed-param";

/** How many times a browser's <img> is sent back for a page still being rendered (browsers follow 20 redirects). */
const MAX_HOPS = 15;

const handler = restRoute(documentPageImageOperation, {
  withParams: true,
  // `hop` counts the redirects below; like `signed`, it is not the operation's input.
  map: (raw) => Object.fromEntries(Object.entries(withoutSignedParam(raw)).filter(([key]) => key !== "hop")),
});

/**
 * Page {page} of the document as a PNG (a member with reader, or the signer or reviewer of this
 * document: the `signed` header or query parameter). A page not rendered within the time a
 * request waits answers PAGE_IMAGE_UNAVAILABLE (503, Retry-After); a browser loading it as an
 * image (`Sec-Fetch-Dest: image`, the signer's screen has no script to retry) is instead sent
 * back to the same address, which it follows by itself, each hop waiting at most that time again.
 */
async function getPage(request: Request, context: Parameters<typeof handler>[1]) {
  const response = await handler(request, context);
  if (response.status !== 503 || request.headers.get("sec-fetch-dest") !== "image") return response;
  const url = new URL(request.url);
  const hop = Number(url.searchParams.get("hop")) || 0;
  if (hop >= MAX_HOPS) return response;
  url.searchParams.set("hop", String(hop + 1));
  // Relative: behind a proxy, request.url names the server's own address, not the one the browser used.
  return new Response(null, { status: 307, headers: { location: `${url.pathname}${url.search}`, "cache-control": "no-store" } });
}

/** The declaration stays readable on the handler, as restRoute leaves it (tests/integration/http/operation-routes.test.ts). */
export const GET = Object.assign(getPage, { operation: handler.operation });
