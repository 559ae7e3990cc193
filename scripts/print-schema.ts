/** Writes the GraphQL schema to lib/graphql/schema.graphql (committed, reviewed in diffs). */
import { writeFileSync } from "node:fs";
import { printSchema } from "graphql";
import { schema } from "@/lib/graphql/schema";

writeFileSync("lib/graphql/schema.graphql", `${printSchema(schema)}\n`);
console.log("Wrote lib/graphql/schema.graphql");
process.exit(0);
