/** GraphQL gives absent fields as undefined: drop them, keep explicit nulls (they clear a value). */
export const withoutUndefined = (data: object | null | undefined): Record<string, unknown> =>
  Object.fromEntries(Object.entries(data ?? {}).filter(([, v]) => v !== undefined));
/** List filters: null means "not given", except for `keep` (folderId null is the root, Drive). */
export const withoutNulls = (data: object, keep: string[] = []): Record<string, unknown> =>
  Object.fromEntries(Object.entries(data).filter(([key, v]) => v !== undefined && (v !== null || keep.includes(key))));
