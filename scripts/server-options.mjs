/**
 * V8 options of the app's server process (`next start`): every way this project starts it uses
 * them (start:demo, the browser tests' server, the benchmarks; `npm start` and the Dockerfile
 * carry the same text).
 *
 * `--max-semi-space-size=32` (MB; Node 20's default is 16): a page render allocates 1.6 to 2.7 MB
 * (the /docs list at 25 rows), so ten concurrent renders filled the young generation every few
 * requests and promoted what was still in flight to the old one. At 10 connections it cut the
 * server's CPU per /docs load by about 13 % (64 MB: 14 %, with nearly twice the resident memory;
 * 64 MB cut about 6 % for the lightest signed-in page; docs/benchmarks.md, "Pages").
 */
const SERVER_NODE_OPTIONS = "--max-semi-space-size=32";

/** `NODE_OPTIONS` for the server: the caller's own, then ours. */
export const serverNodeOptions = (current = process.env.NODE_OPTIONS) =>
  current ? `${current} ${SERVER_NODE_OPTIONS}` : SERVER_NODE_OPTIONS;
