export declare const serverNodeOptions: (current?: string) => string;
