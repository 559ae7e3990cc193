import SchemaBuilder from "@pothos/core";
import PrismaPlugin from "@pothos/plugin-prisma";
import SimpleObjectsPlugin from "@pothos/plugin-simple-objects";
import { GraphQLError, GraphQLScalarType, Kind } from "graphql";
// The Prisma plugin needs the client to batch relation loads; resolvers still go through
// services, which add the account scope. This is the one import of lib/db in lib/graphql.
import { db } from "@/lib/db";
import type PrismaTypes from "@/lib/generated/pothos-types";
import { getDatamodel } from "@/lib/generated/pothos-types";
import { fileTooLarge, uploadMaxBytes, type UploadedFile } from "@/lib/files/upload-limits";
import type { GraphQLContext } from "./context";

export const builder = new SchemaBuilder<{
  PrismaTypes: PrismaTypes;
  Context: GraphQLContext;
  DefaultFieldNullability: false;
  Scalars: {
    DateTime: { Input: Date; Output: Date | string };
    JSON: { Input: unknown; Output: unknown };
    File: { Input: File; Output: never };
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

const isFile = (value: unknown): value is File =>
  typeof value === "object" &&
  value !== null &&
  typeof (value as File).arrayBuffer === "function" &&
  typeof (value as File).name === "string" &&
  typeof (value as File).size === "number";

/**
 * A file part of a multipart request (GraphQL multipart request spec): Yoga parses the parts
 * and puts a WHATWG File where `map` says. Input only. The size is checked here, from
 * `file.size`, before anything reads the bytes (FILE_TOO_LARGE).
 */
builder.addScalarType(
  "File",
  new GraphQLScalarType({
    name: "File",
    description: "A file sent as a part of a multipart request (GraphQL multipart request spec).",
    serialize: () => {
      throw new GraphQLError("File is an input-only scalar.");
    },
    parseValue: (value) => {
      if (!isFile(value)) throw new GraphQLError("Expected a file part of a multipart request.");
      if (value.size > uploadMaxBytes()) throw fileTooLarge();
      return value;
    },
    parseLiteral: () => {
      throw new GraphQLError("Files are sent as parts of a multipart request, not inline.");
    },
  }),
);

/** A File argument as services take it: its name and bytes, the size limit checked before reading. */
export async function uploadedFile(file: File): Promise<UploadedFile> {
  if (file.size > uploadMaxBytes()) throw fileTooLarge();
  return { name: file.name || "file", bytes: new Uint8Array(await file.arrayBuffer()) };
}

/** The File arguments given, each as the part it stands for (`signature`, `file`, a field's name), read as uploadedFile. */
export async function namedUploads(named: readonly (readonly [string, File | null | undefined])[]): Promise<UploadedFile[]> {
  const files = [];
  for (const [field, file] of named) if (file) files.push({ ...(await uploadedFile(file)), field });
  return files;
}

/** A list of `{ name, file }` arguments (a form's upload fields) as named parts. */
export const fieldFileParts = (list: unknown) =>
  ((list as { name: string; file: File }[] | null | undefined) ?? []).map((f) => [f.name, f.file] as const);

builder.queryType({});
builder.mutationType({});
builder.subscriptionType({});
