import "server-only";
import { headers } from "next/headers";
import { PAGE_PATH_HEADER, pagePathFrom } from "./page-path";

/** The current page's path and query as proxy.ts forwarded it, else `fallback`. */
export async function currentPagePath(fallback: string): Promise<string> {
  return pagePathFrom((await headers()).get(PAGE_PATH_HEADER), fallback);
}
