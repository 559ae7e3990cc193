import SchemaBuilder from "@pothos/core";
import PrismaPlugin from "@pothos/plugin-prisma";
import SimpleObjectsPlugin from "@pothos/plugin-simple-objects";
import { GraphQLScalarType, Kind } from "graphql";
// The Prisma plugin needs the client to batch relation loads; resolvers still go through
// services, which add the account scope. This is the one import of lib/db in lib/graphql.
import { db } from "@/lib/db";
import type PrismaTypes from "@/lib/generated/pothos-types";
import { getDatamodel } from "@/lib/generated/pothos-types";
import type { GraphQLContext } from "./context";

export const builder = new SchemaBuilder<{
  PrismaTypes: PrismaTypes;
  Context: GraphQLContext;
  DefaultFieldNullability: false;
  Scalars: {
    DateTime: { Input: Date; Output: Date | string };
    JSON: { Input: unknown; Output: unknown };
  };
}>({
  plugins: [PrismaPlugin, SimpleObjectsPlugin],
  defaultFieldNullability: false,
  prisma: { client: db, dmmf: getDatamodel(), exposeDescriptions: false, filterConnectionTotalCount: true },
});

builder.addScalarType(
  "DateTime",
  new GraphQLScalarType({
    name: "DateTime",
    serialize: (value) => new Date(value as string).toISOString(),
    parseValue: (value) => new Date(value as string),
    parseLiteral: (ast) => (ast.kind === Kind.STRING ? new Date(ast.value) : null),
  }),
);

builder.addScalarType(
  "JSON",
  new GraphQLScalarType({
    name: "JSON",
    serialize: (value) => value,
    parseValue: (value) => value,
    parseLiteral: function parse(ast): unknown {
      switch (ast.kind) {
        case Kind.STRING:
        case Kind.BOOLEAN:
          return ast.value;
        case Kind.INT:
        case Kind.FLOAT:
          return Number(ast.value);
        case Kind.OBJECT:
          return Object.fromEntries(ast.fields.map((f) => [f.name.value, parse(f.value)]));
        case Kind.LIST:
          return ast.values.map(parse);
        default:
          return null;
      }
    },
  }),
);

builder.queryType({});
builder.mutationType({});
builder.subscriptionType({});
