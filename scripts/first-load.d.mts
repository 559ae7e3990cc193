/** Types of first-load.mjs, for the Playwright spec that imports it. */
export type MeasuredRoute = "/login" | "/docs" | "/d/{id}/view" | "/s/{id}";
export declare const FIRST_LOAD_BUDGETS_KB: Record<MeasuredRoute, { target: number | null; ceiling: number; own: number | null }>;
export declare const ASSUMED_RUNTIME_KB: number;
export declare const FLOOR_PAGE: string;
export declare const ZOD_MARKERS: string[];
export type ScriptSize = { src: string; raw: number; gzip: number; zod: boolean };
export type PageSize = { path: string; raw: number; gzip: number; scripts: ScriptSize[]; zodScripts: string[] };
export declare function scriptPaths(html: string): string[];
export declare function measurePage(
  fetchText: (path: string) => Promise<string>,
  pagePath: string,
  cache?: Map<string, Omit<ScriptSize, "src">>,
): Promise<PageSize>;
export declare const kb: (bytes: number) => string;
