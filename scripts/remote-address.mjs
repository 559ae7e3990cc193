/**
 * The connection's own address, handed to the app (scripts/server.mjs): route handlers do not see
 * the socket, so the entry server writes its remote address into an internal header on every
 * request (and WebSocket upgrade), after removing any copy the client sent, and says so with
 * REMOTE_ADDRESS_FLAG in its environment. lib/auth/get-request-context.ts (`requestIp`) reads the
 * header only when the flag is set, and only without TRUST_PROXY: then it is the caller's address
 * as the connection shows it. Served another way (`next dev`), the header is never believed.
 */
export const REMOTE_ADDRESS_HEADER = "x-covenant-remote-address";
export const REMOTE_ADDRESS_FLAG = "COVENANT_REMOTE_ADDRESS_HEADER";

/** Replaces any client-sent REMOTE_ADDRESS_HEADER of `request` (a node:http IncomingMessage) by its socket's remote address. */
export function markRemoteAddress(request) {
  delete request.headers[REMOTE_ADDRESS_HEADER];
  const raw = [];
  for (let i = 0; i + 1 < request.rawHeaders.length; i += 2) {
    if (request.rawHeaders[i].toLowerCase() !== REMOTE_ADDRESS_HEADER) raw.push(request.rawHeaders[i], request.rawHeaders[i + 1]);
  }
  const address = request.socket?.remoteAddress;
  if (address) {
    request.headers[REMOTE_ADDRESS_HEADER] = address;
    raw.push(REMOTE_ADDRESS_HEADER, address);
  }
  request.rawHeaders = raw;
  return request;
}
