import { POST } from "@/app/graphql/route";
import { jsonRequest } from "./http";

/** Runs a GraphQL operation through the real /graphql handler as a bearer-token client. */
export async function graphql<T = Record<string, unknown>>(
  query: string,
  options: { accessToken?: string; variables?: Record<string, unknown>; headers?: Record<string, string>; cookies?: Record<string, string>; csrf?: boolean } = {},
) {
  const headers: Record<string, string> = { ...options.headers };
  if (options.accessToken) headers.authorization = `Bearer ${options.accessToken}`;
  const response = await POST(
    jsonRequest("POST", "/graphql", {
      body: { query, variables: options.variables ?? {} },
      headers,
      cookies: options.cookies,
      csrf: options.csrf ?? Boolean(options.cookies),
    }),
  );
  const body = (await response.json()) as { data?: T; errors?: { message: string; extensions: { code: string; type: string; message: string } }[] };
  return { status: response.status, ...body, response };
}
