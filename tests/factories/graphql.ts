import { POST } from "@/app/graphql/route";
import { jsonRequest } from "./http";

/**
 * What a GraphQL error's extensions carry (lib/graphql/errors.ts): our code, or BAD_USER_INPUT
 * with our code as `reason` and the field problems as `fields`.
 */
export type GraphQLErrorExtensions = {
  code: string;
  reason?: string;
  type: string;
  message: string;
  fields?: { path: string; code: string; message: string }[];
  details?: Record<string, unknown>;
};

/** Runs a GraphQL operation through the real /graphql handler as a bearer-token client. */
export async function graphql<T = Record<string, unknown>>(
  query: string,
  options: {
    accessToken?: string;
    variables?: Record<string, unknown>;
    headers?: Record<string, string>;
    cookies?: Record<string, string>;
    csrf?: boolean;
  } = {},
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
  const body = (await response.json()) as {
    data?: T;
    errors?: { message: string; extensions: GraphQLErrorExtensions }[];
  };
  return { status: response.status, ...body, response };
}

/**
 * Runs a GraphQL multipart request (https://github.com/jaydenseric/graphql-multipart-request-spec)
 * through the real /graphql handler: an `operations` part, a `map` part naming where each file
 * goes, then one part per file. `files` is keyed by the path under `variables` ("file",
 * "fieldFiles.0.file"); the variable there is sent as null and replaced by the file.
 */
export async function graphqlUpload<T = Record<string, unknown>>(
  query: string,
  options: {
    accessToken?: string;
    variables?: Record<string, unknown>;
    files: Record<string, { name: string; bytes: Uint8Array; type?: string }>;
    headers?: Record<string, string>;
  },
) {
  const headers: Record<string, string> = { ...options.headers };
  if (options.accessToken) headers.authorization = `Bearer ${options.accessToken}`;
  const entries = Object.entries(options.files);
  const form = new FormData();
  form.append("operations", JSON.stringify({ query, variables: options.variables ?? {} }));
  form.append("map", JSON.stringify(Object.fromEntries(entries.map(([path], i) => [String(i), [`variables.${path}`]]))));
  entries.forEach(([, file], i) =>
    form.append(String(i), new File([file.bytes as BlobPart], file.name, { type: file.type ?? "application/octet-stream" })),
  );
  const response = await POST(new Request("http://localhost:3000/graphql", { method: "POST", headers, body: form }));
  const body = (await response.json()) as {
    data?: T;
    errors?: { message: string; extensions: GraphQLErrorExtensions }[];
  };
  return { status: response.status, ...body, response };
}
