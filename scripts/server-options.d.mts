export declare const SERVER_NODE_OPTIONS: string;
export declare const serverNodeOptions: (current?: string) => string;
