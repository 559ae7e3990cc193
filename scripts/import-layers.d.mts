/** Types of import-layers.mjs, for the unit test that holds its counts. */
export declare const UPWARD_IMPORTS_CEILING: number;
export declare const IMPORT_CYCLES_CEILING: number;
export declare const LAYERS: [name: string, folders: string[]][];
export type UpwardImport = { from: string; to: string; fromLayer: string; toLayer: string };
export declare function upwardImports(root?: string): UpwardImport[];
export declare function importCycles(root?: string): string[][];
