import type { IncomingMessage } from "node:http";

export declare const REMOTE_ADDRESS_HEADER: "x-covenant-remote-address";
export declare const REMOTE_ADDRESS_FLAG: "COVENANT_REMOTE_ADDRESS_HEADER";
export declare function markRemoteAddress<T extends IncomingMessage>(request: T): T;
