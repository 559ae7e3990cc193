import type { ServiceContext } from "@/lib/auth/context";

/** What every resolver gets: the service context built once for the request. */
export type GraphQLContext = {
  ctx: ServiceContext;
  /** Whether the request carried a valid CSRF token (mutations need it). */
  csrfOk: boolean;
};
