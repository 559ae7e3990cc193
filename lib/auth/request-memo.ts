/**
 * What one request has already worked out (a document's role for the caller, which documents
 * they see), so that the services it calls do not ask the database again. Only a request's own
 * context carries one (route(), GraphQL queries and mutations, pages): never a context that
 * outlives a request (a subscription, a job, a test's session), where a role may change between
 * two calls. A service that changes what is memoised forgets it.
 */
export class RequestMemo {
  private readonly values = new Map<string, unknown>();

  /**
   * A request that changes nothing (GET, a page, a GraphQL query): rows it reads may be kept
   * for the rest of it too, not only roles.
   */
  constructor(readonly readOnly: boolean) {}

  /** The value under `key`, computed once. */
  get<T>(key: string, compute: () => T): T {
    if (!this.values.has(key)) this.values.set(key, compute());
    return this.values.get(key) as T;
  }

  has(key: string): boolean {
    return this.values.has(key);
  }

  /** Forgets every value whose key starts with `prefix`. */
  forget(prefix: string): void {
    for (const key of [...this.values.keys()]) if (key.startsWith(prefix)) this.values.delete(key);
  }
}

/** The context of one request, with its memo. */
export const withRequestMemo = <C extends { request?: RequestMemo }>(ctx: C, options: { readOnly: boolean }): C => ({
  ...ctx,
  request: new RequestMemo(options.readOnly),
});

/** The same caller without the memo, for what outlives the request (subscriptions). */
export const withoutRequestMemo = <C extends { request?: RequestMemo }>(ctx: C): C => ({ ...ctx, request: undefined });
