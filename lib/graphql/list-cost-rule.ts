import {
  getNamedType,
  getNullableType,
  isInterfaceType,
  isLeafType,
  isListType,
  isObjectType,
  Kind,
  type ASTVisitor,
  type FieldNode,
  type FragmentDefinitionNode,
  type GraphQLNamedType,
  type GraphQLSchema,
  type OperationDefinitionNode,
  type SelectionSetNode,
  type ValidationContext,
  type ValidationRule,
} from "graphql";
import { QUERY_LIMITS, queryTooComplex } from "./query-limits";

/*
 * Why our own rule: graphql-armor's cost limit multiplies only by `first`/`last` given as literals;
 * our pages take `size`, usually as a variable. The cost is an estimate of the fields the
 * executor resolves, from the document alone (Yoga caches validation by document, so the
 * variables' values cannot be read here):
 * - a leaf field costs 1, an object field 1 plus its selection;
 * - a field with a `size`, `first` or `last` argument is multiplied by it: a literal as given, a
 *   variable by its default or else the largest page a service accepts, an omitted one by the
 *   largest default page;
 * - a list without such an argument counts UNSIZED_LIST_ITEMS items, except the list right under
 *   a sized field (a page's `items`, already multiplied) and those in LIST_ITEMS;
 * - introspection (`__schema`, `__type`, `__typename`) is free: it reads the schema, not the database.
 */

/** Arguments that set how many items a list field returns. */
const SIZE_ARGUMENTS = new Set(["size", "first", "last"]);
/** The largest `size` any service accepts (documents, templates): a variable without a default may be this. */
const VARIABLE_LIST_SIZE = 100;
/** The largest default page (documents, templates, members: 25). */
const OMITTED_LIST_SIZE = 25;
/** Items assumed for a list that takes no size: a document's tags, a search's highlight parts. */
const UNSIZED_LIST_ITEMS = 10;
/** Lists whose items cost no query each: a folder's children come from the tree loaded in one query. */
const LIST_ITEMS: Record<string, number> = { "FolderNode.children": 1 };

type Fragments = (name: string) => FragmentDefinitionNode | undefined | null;

const intValue = (value: string) => Math.max(1, Number.parseInt(value, 10) || 1);

/** How many times a field's selection is resolved. */
function multiplier(
  field: FieldNode,
  parentType: string,
  isList: boolean,
  argumentNames: Set<string>,
  parentSized: boolean,
  operation: OperationDefinitionNode,
): { times: number; sized: boolean } {
  const sizeArgument = [...argumentNames].find((name) => SIZE_ARGUMENTS.has(name));
  if (sizeArgument) {
    const given = field.arguments?.find((argument) => SIZE_ARGUMENTS.has(argument.name.value));
    const value = given?.value;
    if (!value || value.kind === Kind.NULL) return { times: OMITTED_LIST_SIZE, sized: true };
    if (value.kind === Kind.INT) return { times: intValue(value.value), sized: true };
    if (value.kind === Kind.VARIABLE) {
      const definition = operation.variableDefinitions?.find((v) => v.variable.name.value === value.name.value);
      const fallback = definition?.defaultValue;
      return { times: fallback?.kind === Kind.INT ? intValue(fallback.value) : VARIABLE_LIST_SIZE, sized: true };
    }
    return { times: VARIABLE_LIST_SIZE, sized: true };
  }
  if (!isList || parentSized) return { times: 1, sized: false };
  return { times: LIST_ITEMS[`${parentType}.${field.name.value}`] ?? UNSIZED_LIST_ITEMS, sized: false };
}

/**
 * The estimated cost of one operation (see above). Unknown fields and fragments cost nothing:
 * graphql-js's own rules refuse them. A fragment spread inside itself adds nothing more.
 */
export function operationCost(schema: GraphQLSchema, operation: OperationDefinitionNode, fragments: Fragments): number {
  const visiting = new Set<string>();
  // A fragment spread many times (or spreading others many times) is costed once per placement kind.
  const memo = new Map<string, number>();

  const selectionCost = (selectionSet: SelectionSetNode, type: GraphQLNamedType | undefined, parentSized: boolean): number => {
    let cost = 0;
    for (const selection of selectionSet.selections) {
      if (selection.kind === Kind.FIELD) {
        cost += fieldCost(selection, type, parentSized);
      } else if (selection.kind === Kind.INLINE_FRAGMENT) {
        const condition = selection.typeCondition ? schema.getType(selection.typeCondition.name.value) : type;
        cost += selectionCost(selection.selectionSet, condition ?? undefined, parentSized);
      } else {
        const name = selection.name.value;
        const key = `${name}:${parentSized}`;
        const known = memo.get(key);
        if (known !== undefined) {
          cost += known;
          continue;
        }
        const fragment = fragments(name);
        if (!fragment || visiting.has(name)) continue;
        visiting.add(name);
        const fragmentCost = selectionCost(
          fragment.selectionSet,
          schema.getType(fragment.typeCondition.name.value) ?? undefined,
          parentSized,
        );
        visiting.delete(name);
        memo.set(key, fragmentCost);
        cost += fragmentCost;
      }
    }
    return cost;
  };

  const fieldCost = (field: FieldNode, parentType: GraphQLNamedType | undefined, parentSized: boolean): number => {
    if (field.name.value.startsWith("__")) return 0;
    if (!parentType || !(isObjectType(parentType) || isInterfaceType(parentType))) return 0;
    const definition = parentType.getFields()[field.name.value];
    if (!definition) return 0;
    const type = getNamedType(definition.type);
    if (isLeafType(type) || !field.selectionSet) return 1;
    const isList = isListType(getNullableType(definition.type));
    const argumentNames = new Set(definition.args.map((argument) => argument.name));
    const { times, sized } = multiplier(field, parentType.name, isList, argumentNames, parentSized, operation);
    return times * (1 + selectionCost(field.selectionSet, type, sized));
  };

  const root = schema.getRootType(operation.operation);
  return root ? selectionCost(operation.selectionSet, root, false) : 0;
}

/** Refuses an operation whose estimated cost is over `max` with QUERY_TOO_COMPLEX (limit "cost"). */
export function listCostRule(max: number = QUERY_LIMITS.cost): ValidationRule {
  return function ListCostRule(context: ValidationContext): ASTVisitor {
    return {
      OperationDefinition(operation) {
        const cost = operationCost(context.getSchema(), operation, (name) => context.getFragment(name));
        // Thrown, not reported: validation stops here, before the costlier rules run.
        if (cost > max) throw queryTooComplex("cost", max, Math.ceil(cost));
      },
    };
  };
}
