import { readFileSync } from "node:fs";
import {
  buildSchema,
  getNamedType,
  isEnumType,
  isInputObjectType,
  isLeafType,
  isListType,
  isNonNullType,
  type GraphQLArgument,
  type GraphQLField,
  type GraphQLInputType,
} from "graphql";
import { beforeAll, describe, expect, it } from "vitest";
import { localToken } from "@/lib/billing/local-cards";
import { signedInAs } from "@/tests/factories";
import { graphql } from "@/tests/factories/graphql";
import {
  freshEmails,
  hostileEmails,
  hostileNumbers,
  hostileTexts,
  pathText,
  show,
  sweepEndings,
  sweepOrder,
  withValue,
} from "@/tests/fixtures/hostile-values";
import { operationCases, seedWorkspace, type WorkspaceData } from "@/tests/fixtures/workspace-data";

/**
 * Hostile input by the GraphQL schema: every root field of Query and Mutation is called through
 * the real /graphql handler, with the bearer token of the administrator of a workspace with one of
 * everything (tests/fixtures/workspace-data.ts), in Spanish: first with plain arguments (the
 * workspace's ids, plain values for the rest), then with one argument at a time (or one field of
 * an input argument, or a list) replaced by what a careless or hostile client sends, typed as its
 * GraphQL type allows: texts as long as 20,000 characters outside the Basic Multilingual Plane,
 * quotes and SQL, half a surrogate pair, markup, ICU syntax; numbers past GraphQL's Int and up to
 * 1e308; ids that name nothing, or given as numbers; lists of 200 items. The declared operations
 * get the same values from tests/integration/security/hostile-input.test.ts by `runOperation`;
 * this sweep covers what only GraphQL does (its coercion of variables, the fields it resolves
 * itself, its error mask) and every field added later, without a case of its own. Every argument
 * gets them, the optional ones and every field of an input object too.
 *
 * Each answer must be a result or errors that each carry our code (never INTERNAL, never GraphQL's
 * own code: that would be a client's mistake let through, or an error left untranslated) and a
 * message, with an HTTP status below 500. Fields that take files are left to the sweep by
 * declaration, which sends them files; subscriptions have their own tests.
 */
const schema = buildSchema(readFileSync("lib/graphql/schema.graphql", "utf8"));

type Root = { kind: "query" | "mutation"; field: GraphQLField<unknown, unknown> };
const takesFiles = (field: GraphQLField<unknown, unknown>) =>
  field.args.some((arg) => isNonNullType(arg.type) && getNamedType(arg.type).name === "File");
const roots: Root[] = [
  ...Object.values(schema.getQueryType()!.getFields()).map((field) => ({ kind: "query" as const, field })),
  ...Object.values(schema.getMutationType()!.getFields()).map((field) => ({ kind: "mutation" as const, field })),
].filter(({ field }) => !takesFiles(field));
const ordered = sweepOrder(roots, ({ field }) => field.name);

let w: WorkspaceData;
let cases: Record<string, () => unknown>;
let accessToken: string;

beforeAll(async () => {
  w = await seedWorkspace("G");
  cases = operationCases(w, "graphql-spy");
  ({ accessToken } = await signedInAs(w.ownerId, w.accountId));
});

const freshEmail = freshEmails("hostile-gql");

/** The workspace's record a field's `id` names, by the field's name (the lease, by default). */
function idOf(fieldName: string): string {
  const byName: [RegExp, string][] = [
    [/^updateTemplateDestination/, w.templateId],
    [/^updateDocumentDestination/, w.documentId],
    [/AccountPolicy|Invitation/, w.memberPolicyId],
    [/AccountRole/, w.roleId],
    [/Template/, w.templateId],
    [/Tag/, w.tagId],
    [/Categor/, w.categoryId],
    [/Folder/, w.folderId],
    [/Token/, w.apiTokenId],
    [/Polic|AccessRequest/, w.doc.policyId],
    [/Link/, w.doc.linkId],
    [/Relation/, w.doc.relationId],
    [/Comment/, w.doc.commentId],
    [/Approval/, w.doc.approvalId],
    [/Reminder/, w.doc.reminderId],
    [/Party/, w.doc.partyId],
    [/Sign(er|ature)\b|Signature$/, w.doc.signatureId],
    [/PaymentMethod/, w.cardId],
    [/[sS]ubscription/, w.subscriptionId],
    [/Invoice/, w.invoiceId],
    [/Attachment/, w.attachmentId],
  ];
  return byName.find(([pattern]) => pattern.test(fieldName))?.[1] ?? w.doc.id;
}

/** The workspace's id for an argument or input field that takes one, by its name. */
function idFor(name: string, fieldName: string, input: Record<string, unknown>): string {
  if (typeof input[name] === "string") return input[name] as string;
  const named: Record<string, string> = {
    documentId: w.doc.id,
    toDocumentId: w.doc.otherId,
    fromDocument: w.documentId,
    templateId: w.templateId,
    folderId: w.folderId,
    parentId: w.folderId,
    destinationId: /Template/.test(fieldName) ? w.templateFolderId : w.folderId,
    categoryId: w.categoryId,
    roleId: w.roleId,
    userId: w.doc.memberUserId,
    authorId: w.ownerId,
    partyId: w.doc.partyId,
    approvalId: w.doc.approvalId,
    signatureId: w.doc.signatureId,
    accountId: w.accountId,
    subscription: w.subscriptionId,
    startingAfter: w.invoiceId,
  };
  if (named[name]) return named[name];
  if (name === "id" && typeof input.id === "string" && !/^document$|Document/.test(fieldName)) return input.id;
  return idOf(fieldName);
}

/** Plain texts of fields with a rule of their own, by the field's name. */
const TEXTS: Record<string, () => string> = {
  country: () => "ES",
  phone: () => "+34600000000",
  timezone: () => "Europe/Madrid",
  tokenId: () => localToken("4242424242424242", 12, new Date().getUTCFullYear() + 2),
  quota: () => "quota_standard_month",
};

/** Plain values of fields GraphQL leaves optional that the declarations require, by the field's name. */
const REQUIRED_BY_NAME: Record<string, unknown> = { name: "Sample", permissions: ["ViewDocuments"] };

/**
 * A plain value of a GraphQL input type: the case's value where it has one by that name (lists
 * and objects as the case gives them), else one of the type. An input object takes its required
 * fields, those of REQUIRED_BY_NAME and what the case names; its `id` is the record the case names
 * by its own key (`linkId`, `relationId`) or by `id`, unless that `id` is a document's (the
 * record's document, given beside the input object).
 */
function plainValue(type: GraphQLInputType, name: string, fieldName: string, input: Record<string, unknown>, all = false): unknown {
  if (isNonNullType(type)) return plainValue(type.ofType, name, fieldName, input, all);
  if ((isListType(type) || isInputObjectType(type)) && input[name] && typeof input[name] === "object") return input[name];
  if (isListType(type)) return [plainValue(type.ofType, name.replace(/s$/, ""), fieldName, input, all)];
  if (isInputObjectType(type)) {
    const { id, ...inner } = input;
    const documents = [w.doc.id, w.documentId, w.valuesDocumentId];
    const recordId = inner.linkId ?? inner.relationId ?? (documents.includes(id as string) ? undefined : id);
    const fields = Object.values(type.getFields()).flatMap((field): [string, unknown][] => {
      if (field.name === "id") return typeof recordId === "string" ? [["id", recordId]] : [];
      if (inner[field.name] === undefined && REQUIRED_BY_NAME[field.name] !== undefined && !isNonNullType(field.type))
        return [[field.name, REQUIRED_BY_NAME[field.name]]];
      if (!all && !isNonNullType(field.type) && inner[field.name] === undefined) return [];
      if (getNamedType(field.type).name === "File") return [];
      return [[field.name, plainValue(field.type, field.name, fieldName, inner, all)]];
    });
    return Object.fromEntries(fields);
  }
  if (isEnumType(type)) {
    const given = input[name];
    return type.getValues().some((value) => value.name === given) ? given : type.getValues()[0]!.name;
  }
  const given = input[name];
  switch (type.name) {
    case "ID":
      return idFor(name, fieldName, input);
    case "Int":
    case "Float":
      return typeof given === "number" ? given : 1;
    case "Boolean":
      return typeof given === "boolean" ? given : false;
    case "DateTime":
      return typeof given === "string" ? given : new Date(Date.now() + 86_400_000).toISOString();
    case "JSON":
      if (given && typeof given === "object") return given;
      return name === "variables" ? [{ name: "sweep", type: "text", value: "Sample" }] : {};
    default:
      if (typeof given === "string") return given;
      if (TEXTS[name]) return TEXTS[name]();
      if (/email/i.test(name)) return freshEmail();
      if (/password/i.test(name)) return "Str0ng-pass-2031";
      return "Sample";
  }
}

/** The plain arguments of a root field: the required ones, and the optional ones its case names. */
function plainArguments(field: GraphQLField<unknown, unknown>): Record<string, unknown> {
  const input = (cases[field.name]?.() ?? {}) as Record<string, unknown>;
  const args = field.args.filter(
    (arg) => getNamedType(arg.type).name !== "File" && (isNonNullType(arg.type) || input[arg.name] !== undefined),
  );
  return Object.fromEntries(args.map((arg) => [arg.name, plainValue(arg.type, arg.name, field.name, input)]));
}

/**
 * The plain arguments with `arg` given whole: every field of its input objects filled (the
 * optional ones too), so that each of them gets the hostile values. What the plain arguments
 * already hold for it is kept.
 */
function withWholeArgument(field: GraphQLField<unknown, unknown>, base: Record<string, unknown>, arg: GraphQLArgument) {
  const whole = plainValue(arg.type, arg.name, field.name, (cases[field.name]?.() ?? {}) as Record<string, unknown>, true);
  const given = base[arg.name];
  const merged =
    given && whole && typeof given === "object" && typeof whole === "object" && !Array.isArray(given)
      ? { ...whole, ...given }
      : (given ?? whole);
  return { ...base, [arg.name]: merged };
}

/** The text of a call of `field` with the arguments named in `args`, each a variable of its declared type. */
function callText({ kind, field }: Root, args: Record<string, unknown>): string {
  const used = field.args.filter((arg) => args[arg.name] !== undefined);
  const variables = used.map((arg: GraphQLArgument) => `$${arg.name}: ${String(arg.type)}`).join(", ");
  const passed = used.map((arg) => `${arg.name}: $${arg.name}`).join(", ");
  const selection = isLeafType(getNamedType(field.type)) ? "" : " { __typename }";
  return `${kind} Sweep${variables ? `(${variables})` : ""} { ${field.name}${passed ? `(${passed})` : ""}${selection} }`;
}

type Leaf = { path: (string | number)[]; type: GraphQLInputType; name: string };

/** Every text, number, id and list among the arguments, with its GraphQL type. */
function leaves(value: unknown, type: GraphQLInputType, path: (string | number)[], name: string): Leaf[] {
  const bare = isNonNullType(type) ? type.ofType : type;
  if (value === null || value === undefined) return [];
  if (isListType(bare)) {
    const items = Array.isArray(value) ? value : [];
    return [{ path, type: bare, name }, ...items.flatMap((item, i) => leaves(item, bare.ofType, [...path, i], name))];
  }
  if (isInputObjectType(bare)) {
    const fields = bare.getFields();
    return Object.entries(value as Record<string, unknown>).flatMap(([key, inner]) =>
      fields[key] ? leaves(inner, fields[key].type, [...path, key], key) : [],
    );
  }
  return isEnumType(bare) || ["Boolean", "JSON"].includes(bare.name) ? [] : [{ path, type: bare, name }];
}

/** What a hostile client sends in place of a leaf, by its GraphQL type. */
function hostileValuesOf(leaf: Leaf, current: unknown): unknown[] {
  if (isListType(leaf.type)) return Array.isArray(current) && current.length ? [Array.from({ length: 200 }, () => current[0])] : [];
  switch (getNamedType(leaf.type).name) {
    case "ID":
      return ["id-that-names-nothing", "'", "%", "𝔘", 2 ** 53 - 1];
    case "Int":
    case "Float":
      return hostileNumbers;
    case "DateTime":
      return ["0000-01-01T00:00:00Z", "2031-02-30T10:00:00Z", "tomorrow", "a\ud800b"];
    default:
      return /email/i.test(leaf.name) ? [...hostileEmails, ...hostileTexts(320)] : hostileTexts(20_000);
  }
}

/** Every call's ending: "ok", or the code of each of its errors. */
const endings = sweepEndings();

/** What went wrong with one call, or null: a 5xx, or an error without our code or without words. */
async function failureOf(root: Root, args: Record<string, unknown>): Promise<string | null> {
  const result = await graphql(callText(root, args), { accessToken, variables: args, headers: { "x-language": "es" } });
  if (result.status >= 500) return `HTTP ${result.status}: ${result.errors?.[0]?.message ?? ""}`;
  if (!result.errors?.length) {
    endings.count("ok");
    return result.data?.[root.field.name] === undefined ? "no answer and no error" : null;
  }
  for (const error of result.errors) {
    const code = error.extensions?.code;
    const ours = code === "BAD_USER_INPUT" ? error.extensions.reason : code;
    endings.count(ours ?? "no code");
    if (!ours || ours === "INTERNAL" || /^GRAPHQL_/.test(ours)) return `${ours ?? "no code"}: ${error.message}`;
    if (!error.message || error.extensions.message !== error.message)
      return `${ours}: its message is missing or differs from its extensions'`;
  }
  return null;
}

describe("hostile input to every root field of the GraphQL schema", () => {
  /** The fields whose plain arguments were answered without an error. */
  const answered: string[] = [];

  for (const root of ordered) {
    it(`${root.kind} ${root.field.name}: every argument ends in a result or a worded error`, async () => {
      const base = plainArguments(root.field);
      const failures: string[] = [];
      const answeredBefore = endings.get("ok");
      const plain = await failureOf(root, base);
      if (plain) failures.push(`plain arguments: ${plain}`);
      if (endings.get("ok") > answeredBefore) answered.push(root.field.name);

      for (const arg of root.field.args.filter((candidate) => getNamedType(candidate.type).name !== "File")) {
        const args = withWholeArgument(root.field, base, arg);
        for (const leaf of leaves(args[arg.name], arg.type, [arg.name], arg.name)) {
          const current = leaf.path.reduce<unknown>((at, key) => (at as Record<string | number, unknown>)[key], args);
          for (const value of hostileValuesOf(leaf, current)) {
            const failure = await failureOf(root, withValue(args, leaf.path, value) as Record<string, unknown>);
            if (failure) failures.push(`${pathText(leaf.path)} = ${show(value)}: ${failure}`);
          }
        }
      }
      expect(failures).toEqual([]);
    }, 120_000);
  }

  it("was a sweep: thousands of calls, and most fields answered their plain arguments", () => {
    const calls = endings.total();
    console.info(`hostile GraphQL input: ${calls} calls`, endings.report());
    console.info(`answered with plain arguments: ${answered.length} of ${ordered.length} fields`);
    expect(ordered.length).toBeGreaterThan(150);
    expect(calls).toBeGreaterThan(3000);
    // The rest end in a worded refusal of the workspace's state: a reviewer's or signer's own
    // fields (this caller holds no link), plan limits, records an earlier call removed.
    expect(answered.length).toBeGreaterThan(ordered.length * 0.7);
  });
});
