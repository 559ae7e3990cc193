import { builder } from "../builder";
import "@/lib/registry/graphql";

/** The executable schema, from every module the registry lists; `npm run graphql:print` writes it to lib/graphql/schema.graphql. */
export const schema = builder.toSchema({ sortSchema: true });
