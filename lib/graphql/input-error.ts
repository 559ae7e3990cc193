import { BREAK, Kind, visit, type ASTNode, type DocumentNode, type GraphQLError } from "graphql";
import { AppError, AppErrorCode, isAppError, missingParameter } from "@/lib/errors/app-error";
import { appErrorCodeOf } from "@/lib/graphql/errors";

/*
 * graphql-js reports bad input in its own English sentences, without a code. These are the
 * sentences of graphql 16 (validation rules) and @graphql-tools/executor (variable and argument
 * coercion) that mean "a required parameter was null or undefined"; a graphql upgrade that
 * rewords them falls back to VALIDATION_FAILED, and tests/unit/graphql/input-error.test.ts fails.
 */
const REQUIRED_ARGUMENT =
  /^(?:Field "(?<field>\w+)"|Directive "@(?<directive>\w+)") argument "(?<name>\w+)" of type "[^"]*" is required, but it was not provided\.$/;
const REQUIRED_INPUT_FIELD = /^Field "\w+\.(?<name>\w+)" of required type "[^"]*" was not provided\.$/;
const NULL_LITERAL = /^Expected value of type "[^"]*!", found null\.$/;
const REQUIRED_VARIABLE =
  /^Variable "\$(?<name>\w+)" of (?:required type "[^"]*" was not provided|non-null type "[^"]*" must not be null)\.$/;
const VARIABLE_INVALID = /^Variable "\$(?<variable>\w+)" got invalid value /;
const VARIABLE_MISSING_FIELD = /(?: at "(?<at>[^"]+)")?; Field "(?<name>\w+)" of required type "[^"]*" was not provided\.$/;
const VARIABLE_NULL_FIELD = /(?: at "(?<at>[^"]+)")?; Expected non-nullable type "[^"]*" not to be null\.$/;
/** An enum value the schema does not know (a literal, or inside a variable's value). */
const UNKNOWN_ENUM_VALUE = /Value "(?<value>[^"]{1,100})" does not exist in "\w+" enum\./;
const REQUIRED_ARGUMENT_AT_RUNTIME =
  /^Argument "(?<name>\w+)" of (?:required type "[^"]*" was not provided|non-null type "[^"]*" must not be null)\.$/;

type Found = { ancestors: ASTNode[]; node: ASTNode };

const isNode = (value: unknown): value is ASTNode => !!value && typeof value === "object" && !Array.isArray(value) && "kind" in value;

/** The AST nodes above a visited one: graphql's `ancestors` stop short of the parent. */
const nodesAbove = (ancestors: readonly unknown[], parent: unknown): ASTNode[] => [...ancestors, parent].filter(isNode);

/** The node itself and the AST nodes (not arrays) above it in the document. */
function locate(document: DocumentNode | undefined, target: ASTNode | undefined): Found | null {
  if (!document || !target) return null;
  let found: Found | null = null;
  visit(document, {
    enter(node, _key, parent, _path, ancestors) {
      if (node !== target) return undefined;
      found = { node, ancestors: nodesAbove(ancestors, parent) };
      return BREAK;
    },
  });
  return found;
}

/** The field a node sits in: the operation the caller was calling. */
const enclosingField = (found: Found | null): string | undefined => found?.ancestors.findLast((a) => a.kind === Kind.FIELD)?.name.value;

/** argument.inputField.inputField… from the nodes above a value. */
function inputPath(found: Found | null): string[] {
  const path: string[] = [];
  for (const node of [...(found?.ancestors ?? []), ...(found ? [found.node] : [])]) {
    if (node.kind === Kind.FIELD) path.length = 0;
    if (node.kind === Kind.ARGUMENT || node.kind === Kind.OBJECT_FIELD) path.push(node.name.value);
  }
  return path;
}

/** The first field whose arguments use `$variable`, else the operation's first field. */
function fieldUsingVariable(document: DocumentNode | undefined, variable: string): string | undefined {
  if (!document) return undefined;
  let field: string | undefined;
  visit(document, {
    Variable(node, _key, parent, _path, ancestors) {
      if (node.name.value !== variable || (isNode(parent) && parent.kind === Kind.VARIABLE_DEFINITION)) return undefined;
      field = nodesAbove(ancestors, parent).findLast((a) => a.kind === Kind.FIELD)?.name.value;
      return field ? BREAK : undefined;
    },
  });
  if (field) return field;
  const operation = document.definitions.find((d) => d.kind === Kind.OPERATION_DEFINITION);
  const first = operation?.selectionSet.selections.find((s) => s.kind === Kind.FIELD);
  return first?.name.value ?? operation?.name?.value;
}

/** Where a variable's value sits in its field's arguments: `ids`, or `data.email` for `data: { email: $email }`. */
function argumentPathOf(document: DocumentNode | undefined, variable: string): string[] {
  let path: string[] = [];
  if (document) {
    visit(document, {
      Variable(node, _key, parent, _path, ancestors) {
        if (node.name.value !== variable || (isNode(parent) && parent.kind === Kind.VARIABLE_DEFINITION)) return undefined;
        path = inputPath({ node, ancestors: nodesAbove(ancestors, parent) });
        return BREAK;
      },
    });
  }
  return path.length ? path : [variable];
}

/** A place in a variable (`input.items[3].name`, as graphql-js writes it) as a path in the field's arguments (`data.items.3.name`). */
function variablePath(document: DocumentNode | undefined, variable: string, at: string = variable): string {
  const rest = at.startsWith(variable) ? at.slice(variable.length) : "";
  const inside = rest.split(/[.[\]]/).filter(Boolean);
  return [...argumentPathOf(document, variable), ...inside].join(".");
}

/** graphql-js's `at "input.items[3]"` in a refused variable's message. */
const VARIABLE_AT = / at "(?<at>[\w.[\]]+)"; /;

/**
 * The name a person would recognise for what the error points at: a path in the field's
 * arguments, also for a value given in a variable (REST's paths name the input the same way).
 */
function fieldsOf(error: GraphQLError, document: DocumentNode | undefined): string {
  const node = error.nodes?.[0];
  if (!node) return "query";
  if (node.kind === Kind.VARIABLE_DEFINITION) {
    return variablePath(document, node.variable.name.value, VARIABLE_AT.exec(error.message)?.groups?.at);
  }
  if (node.kind === Kind.VARIABLE) return variablePath(document, node.name.value);
  if (node.kind === Kind.FIELD || node.kind === Kind.ARGUMENT || node.kind === Kind.OBJECT_FIELD) return node.name.value;
  const path = inputPath(locate(document, node));
  return path.length ? path.join(".") : "query";
}

function missingInVariable(error: GraphQLError, document: DocumentNode | undefined): AppError | null {
  const variable = VARIABLE_INVALID.exec(error.message)?.groups?.variable;
  if (!variable) return null;
  const missingField = VARIABLE_MISSING_FIELD.exec(error.message)?.groups;
  const nullField = missingField ? undefined : VARIABLE_NULL_FIELD.exec(error.message)?.groups;
  if (!missingField && !nullField) return null;
  const at = (missingField ?? nullField)?.at ?? variable;
  const name = missingField ? `${at}.${missingField.name}` : at;
  return missingParameter(name, fieldUsingVariable(document, variable) ?? variable, variablePath(document, variable, name));
}

/**
 * The AppError for one of GraphQL's own input errors (syntax, validation, variable or argument
 * coercion): a required parameter that is null or undefined gives the spec's exact
 * MISSING_PARAMETER sentence, named after the argument (or `argument.field`, or the variable)
 * and the field being called; anything else is VALIDATION_FAILED naming what it points at.
 * `document` is the parsed operation the error's nodes belong to (absent for syntax errors).
 */
export function inputError(error: GraphQLError, document?: DocumentNode): AppError {
  const message = error.message;
  const node = error.nodes?.[0];

  const argument = REQUIRED_ARGUMENT.exec(message)?.groups;
  if (argument) {
    const operation = argument.field ?? enclosingField(locate(document, node)) ?? `@${argument.directive}`;
    return missingParameter(argument.name, operation);
  }
  const inputField = REQUIRED_INPUT_FIELD.exec(message)?.groups;
  if (inputField || NULL_LITERAL.test(message)) {
    const found = locate(document, node);
    const path = [...inputPath(found), ...(inputField ? [inputField.name] : [])];
    if (path.length) return missingParameter(path.join("."), enclosingField(found) ?? "query");
  }
  const variable = REQUIRED_VARIABLE.exec(message)?.groups;
  if (variable) {
    const operation = fieldUsingVariable(document, variable.name) ?? variable.name;
    return missingParameter(variable.name, operation, variablePath(document, variable.name));
  }
  const inVariable = missingInVariable(error, document);
  if (inVariable) return inVariable;
  const runtime = REQUIRED_ARGUMENT_AT_RUNTIME.exec(message)?.groups;
  const pathField = error.path?.findLast((p): p is string => typeof p === "string");
  if (runtime && pathField) return missingParameter(runtime.name, pathField);

  const fields = fieldsOf(error, document);
  return new AppError(AppErrorCode.VALIDATION_FAILED, {
    message: `Some fields are not valid: ${fields}`,
    params: { fields },
    details: { fields: [fieldProblem(fields, message)] },
  });
}

/** The detail of one refused value: an unknown enum value is named, so the person sees what was wrong. */
function fieldProblem(path: string, message: string) {
  const received = UNKNOWN_ENUM_VALUE.exec(message)?.groups?.value;
  return received ? { path, code: "enumValue", params: { received }, message } : { path, code: "invalid", message };
}

/** Whether an AppError (a scalar refusing a value, say) is behind the error. */
function wrapsAppError(error: unknown): boolean {
  for (let cause = error; cause; cause = (cause as { originalError?: unknown }).originalError) {
    if (isAppError(cause)) return true;
  }
  return false;
}

/**
 * GraphQL's own input errors: at request level (no path), or a required argument at runtime.
 * Not those that already are, or wrap, one of ours: the error mask gives them their own code.
 */
export function isInputError(error: GraphQLError): boolean {
  const code = appErrorCodeOf(error);
  if ((code && code in AppErrorCode) || wrapsAppError(error.originalError)) return false;
  return !error.path || REQUIRED_ARGUMENT_AT_RUNTIME.test(error.message);
}
