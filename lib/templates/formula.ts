/**
 * Formulas of `formula` variables (spec section 3): arithmetic over other variables named in
 * square brackets, e.g. `[price] * 2 + [fee]`. Numbers, + - * /, parentheses and unary minus;
 * nothing is ever evaluated as code.
 */

/**
 * Why a formula is refused, as a code a screen translates (messages `errors.reasons.<code>`);
 * `field` and `char` are the params some take. The English text is the fallback message (the
 * create-document form loads this module in the browser, so it does not read the catalogues).
 */
export const FORMULA_REASONS = {
  unclosedBracket: () => "a [ is not closed",
  emptyReference: () => "an empty [ ] reference",
  unexpected: (p: Record<string, string>) => `unexpected "${p.char}"`,
  endsEarly: () => "the formula ends too early",
  unclosedParenthesis: () => "a ( is not closed",
  trailingText: () => "unexpected text after the formula",
  notANumber: () => "the result is not a number (division by zero?)",
  empty: () => "it is empty",
  doesNotParse: () => "it does not parse",
  unknownField: (p: Record<string, string>) => `[${p.field}] is not a field of this template`,
  selfReference: () => "it refers to itself",
  notNumberField: (p: Record<string, string>) => `[${p.field}] is not a number field`,
  loop: () => "it refers back to itself through other formulas",
} satisfies Record<string, (params: Record<string, string>) => string>;
export type FormulaReason = keyof typeof FORMULA_REASONS;

/** A formula that does not parse or compute: `reason` and `params` say why, the message in English. */
export class FormulaError extends Error {
  readonly reason: FormulaReason;
  readonly params: Record<string, string>;

  constructor(reason: FormulaReason, params: Record<string, string> = {}) {
    super(FORMULA_REASONS[reason](params));
    this.name = "FormulaError";
    this.reason = reason;
    this.params = params;
  }
}

type Token = { kind: "num"; value: number } | { kind: "ref"; name: string } | { kind: "op"; op: string };

function tokenize(formula: string): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  while (i < formula.length) {
    const ch = formula[i];
    if (/\s/.test(ch)) i++;
    else if (ch === "[") {
      const end = formula.indexOf("]", i);
      if (end < 0) throw new FormulaError("unclosedBracket");
      const name = formula.slice(i + 1, end).trim();
      if (!name) throw new FormulaError("emptyReference");
      tokens.push({ kind: "ref", name });
      i = end + 1;
    } else if (/[0-9.]/.test(ch)) {
      const match = /^\d*\.?\d+(?:e[+-]?\d+)?|^\d+\.?/i.exec(formula.slice(i));
      if (!match) throw new FormulaError("unexpected", { char: ch });
      tokens.push({ kind: "num", value: Number(match[0]) });
      i += match[0].length;
    } else if ("+-*/()".includes(ch)) {
      tokens.push({ kind: "op", op: ch });
      i++;
    } else throw new FormulaError("unexpected", { char: ch });
  }
  return tokens;
}

/** The variable names a formula refers to. Throws FormulaError when it does not parse. */
export function formulaReferences(formula: string): string[] {
  const tokens = tokenize(formula);
  parse(tokens, () => 0);
  return [...new Set(tokens.flatMap((t) => (t.kind === "ref" ? [t.name] : [])))];
}

function parse(tokens: Token[], lookup: (name: string) => number): number {
  let at = 0;
  const peek = () => tokens[at];
  const isOp = (op: string) => peek()?.kind === "op" && (peek() as { op: string }).op === op;
  const expression = (): number => {
    let value = term();
    while (isOp("+") || isOp("-")) value = (tokens[at++] as { op: string }).op === "+" ? value + term() : value - term();
    return value;
  };
  const term = (): number => {
    let value = factor();
    while (isOp("*") || isOp("/")) {
      const op = (tokens[at++] as { op: string }).op;
      const right = factor();
      value = op === "*" ? value * right : value / right;
    }
    return value;
  };
  const factor = (): number => {
    const token = tokens[at++];
    if (!token) throw new FormulaError("endsEarly");
    if (token.kind === "num") return token.value;
    if (token.kind === "ref") return lookup(token.name);
    if (token.op === "-") return -factor();
    if (token.op === "+") return factor();
    if (token.op === "(") {
      const value = expression();
      if (!isOp(")")) throw new FormulaError("unclosedParenthesis");
      at++;
      return value;
    }
    throw new FormulaError("unexpected", { char: token.op });
  };
  const value = expression();
  if (at < tokens.length) throw new FormulaError("trailingText");
  return value;
}

/** Computes a formula; `lookup` gives each referenced variable's number. Non-finite results throw. */
export function evaluateFormula(formula: string, lookup: (name: string) => number): number {
  const value = parse(tokenize(formula), lookup);
  if (!Number.isFinite(value)) throw new FormulaError("notANumber");
  return Math.round(value * 1e6) / 1e6;
}
