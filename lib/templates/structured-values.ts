import { COUNTRY_CODES } from "@/lib/i18n/countries";
import { intlLocale } from "@/lib/i18n/format";
import type { Locale } from "@/lib/i18n/locales";
import type { FieldProblemCode } from "./field-problems";

/**
 * The values of the structured field types (address, geo, object/DataMap, matrix, identity):
 * each parser takes what a client sent, checks it and returns the value stored with the
 * document plus the text the file gets, or the problems found (codes of FIELD_PROBLEMS in
 * variables.ts, with their params). Kept free of server imports: the create form loads the
 * limits from here.
 */

type Params = Record<string, string | number>;
export type ValueProblem = { code: FieldProblemCode; params?: Params };
export type Parsed<T> = { ok: true; value: T; text: string } | { ok: false; problems: ValueProblem[] };

const fail = <T>(...problems: ValueProblem[]): Parsed<T> => ({ ok: false, problems });

/** Bounds of the structured values: a document is not a database, and the edge refuses more. */
export const STRUCTURED_LIMITS = {
  addressLine: 200,
  addressCity: 100,
  addressState: 100,
  dataMapEntries: 50,
  dataMapKey: 100,
  cell: 1000,
  matrixRows: 50,
  matrixColumns: 20,
  columnName: 100,
  /** An identity document's number, in characters. */
  identityMin: 3,
  identityMax: 40,
} as const;

const isRecord = (value: unknown): value is Record<string, unknown> => !!value && typeof value === "object" && !Array.isArray(value);
/** Text out of a part a client sent: strings trimmed, numbers as written, anything else refused (undefined). */
const textOf = (value: unknown): string | undefined =>
  value === null || value === undefined
    ? ""
    : typeof value === "string"
      ? value.trim()
      : typeof value === "number" && Number.isFinite(value)
        ? String(value)
        : undefined;

/** True for null, "", and objects or lists with nothing but such inside. */
export function isEmptyValue(value: unknown): boolean {
  if (value === null || value === undefined || value === "") return true;
  if (Array.isArray(value)) return value.every(isEmptyValue);
  if (isRecord(value)) return Object.values(value).every((part) => isEmptyValue(typeof part === "string" ? part.trim() : part));
  return false;
}

// ---------------------------------------------------------------------------------------------
// address

export const ADDRESS_PARTS = ["line1", "line2", "city", "state", "postalCode", "country"] as const;
export type AddressPart = (typeof ADDRESS_PARTS)[number];
export type AddressValue = { line1: string; line2?: string; city: string; state?: string; postalCode: string; country: string };
const ADDRESS_REQUIRED: AddressPart[] = ["line1", "city", "postalCode", "country"];
const ADDRESS_MAX: Record<AddressPart, number> = {
  line1: STRUCTURED_LIMITS.addressLine,
  line2: STRUCTURED_LIMITS.addressLine,
  city: STRUCTURED_LIMITS.addressCity,
  state: STRUCTURED_LIMITS.addressState,
  postalCode: 12,
  country: 2,
};
// Postal codes differ by country (28001, SW1A 1AA, 01310-100): letters, digits, one space or dash between.
const POSTAL_CODE = /^[A-Za-z0-9]+(?:[ -][A-Za-z0-9]+)*$/;
/** Countries that write "city, state postcode" (US, Canada, Australia...); the rest "postcode city, state". */
const CITY_FIRST = new Set(["US", "CA", "AU", "GB", "IE", "NZ", "IN", "PH", "SG", "ZA"]);

const countryName = (code: string, locale: Locale): string | undefined => {
  try {
    return new Intl.DisplayNames([intlLocale(locale)], { type: "region", fallback: "none" }).of(code);
  } catch {
    return undefined;
  }
};

/**
 * An address as { line1, line2?, city, state?, postalCode, country (ISO 3166-1 alpha-2) }. An
 * address given at all needs its street, city, postal code and country (one problem per
 * missing part, `addressPart` with {part}). In the file: one line in the document's language,
 * "line1, line2, 28001 Madrid, state, Spain" (city first where the country writes it so).
 */
export function parseAddress(raw: unknown, locale: Locale): Parsed<AddressValue> {
  if (!isRecord(raw)) return fail({ code: "address" });
  const unknownKey = Object.keys(raw).find((key) => !(ADDRESS_PARTS as readonly string[]).includes(key));
  if (unknownKey) return fail({ code: "address" });
  const parts = {} as Record<AddressPart, string>;
  const problems: ValueProblem[] = [];
  for (const part of ADDRESS_PARTS) {
    const text = textOf(raw[part]);
    if (text === undefined) return fail({ code: "address" });
    parts[part] = text.replace(/\s+/g, " ");
    if (!parts[part] && ADDRESS_REQUIRED.includes(part)) problems.push({ code: "addressPart", params: { part } });
    else if (parts[part].length > ADDRESS_MAX[part] && part !== "country" && part !== "postalCode")
      problems.push({ code: "tooLong", params: { max: ADDRESS_MAX[part] } });
  }
  if (parts.postalCode && (parts.postalCode.length > ADDRESS_MAX.postalCode || !POSTAL_CODE.test(parts.postalCode)))
    problems.push({ code: "postalCode" });
  const country = parts.country.toUpperCase();
  const name = COUNTRY_CODES.includes(country) ? countryName(country, locale) : undefined;
  if (parts.country && !name) problems.push({ code: "country" });
  if (problems.length) return { ok: false, problems };
  const value: AddressValue = {
    line1: parts.line1,
    ...(parts.line2 ? { line2: parts.line2 } : {}),
    city: parts.city,
    ...(parts.state ? { state: parts.state } : {}),
    postalCode: parts.postalCode,
    country,
  };
  const place = CITY_FIRST.has(country)
    ? [value.city, [value.state, value.postalCode].filter(Boolean).join(" ")]
    : [`${value.postalCode} ${value.city}`, value.state];
  const text = [value.line1, value.line2, ...place, name].filter(Boolean).join(", ");
  return { ok: true, value, text };
}

// ---------------------------------------------------------------------------------------------
// geo

export type GeoValue = { latitude: number; longitude: number };

/** A decimal number out of a number or text ("41.3851"); a comma is read as the decimal mark. */
const decimal = (value: unknown): number | null => {
  if (typeof value === "number") return Number.isFinite(value) ? value : null;
  if (typeof value !== "string" || !/^\s*[+-]?(\d+([.,]\d*)?|[.,]\d+)\s*$/.test(value)) return null;
  return Number(value.trim().replace(",", "."));
};
const sixDecimals = (n: number) => Math.round(n * 1e6) / 1e6 || 0;
/** Plain notation with at most six decimals, never an exponent (1e-7 rounds to 0). */
const geoText = (n: number) => n.toFixed(6).replace(/\.?0+$/, "");

/**
 * A position as { latitude, longitude } (decimal degrees, numbers or text) or the text
 * "41.3851, 2.1734". Latitude -90..90, longitude -180..180. Stored and written with at most six
 * decimals (about 10 cm), as "41.3851, 2.1734" whatever the language.
 */
export function parseGeo(raw: unknown): Parsed<GeoValue> {
  let lat: unknown;
  let long: unknown;
  if (isRecord(raw)) {
    const keys = Object.keys(raw);
    if (keys.some((key) => key !== "latitude" && key !== "longitude")) return fail({ code: "geo" });
    [lat, long] = [raw.latitude, raw.longitude];
  } else if (typeof raw === "string") {
    const parts = raw.split(/\s*[,;]\s*|\s+/).filter(Boolean);
    if (parts.length !== 2) return fail({ code: "geo" });
    [lat, long] = parts;
  } else return fail({ code: "geo" });
  const latitude = decimal(lat);
  const longitude = decimal(long);
  if (latitude === null || longitude === null) return fail({ code: "geo" });
  const problems: ValueProblem[] = [];
  if (latitude < -90 || latitude > 90) problems.push({ code: "latitude" });
  if (longitude < -180 || longitude > 180) problems.push({ code: "longitude" });
  if (problems.length) return { ok: false, problems };
  const value = { latitude: sixDecimals(latitude), longitude: sixDecimals(longitude) };
  return { ok: true, value, text: `${geoText(value.latitude)}, ${geoText(value.longitude)}` };
}

// ---------------------------------------------------------------------------------------------
// object (DataMap)

export type DataMapEntry = { key: string; value: string };

/**
 * A DataMap: a list of { key, value } (or a plain { key: value } object), in order. Keys
 * non-empty and unique (ignoring case), at most 50 entries, keys of 100 and values of 1,000
 * characters. Rows with neither key nor value are dropped. In the file: one "key: value" line
 * each.
 */
export function parseDataMap(raw: unknown): Parsed<DataMapEntry[]> {
  const rows: unknown[] | null = Array.isArray(raw)
    ? raw
    : isRecord(raw)
      ? Object.entries(raw).map(([key, value]) => ({ key, value }))
      : null;
  if (!rows) return fail({ code: "dataMap" });
  const entries: DataMapEntry[] = [];
  for (const row of rows) {
    if (!isRecord(row) || Object.keys(row).some((key) => key !== "key" && key !== "value")) return fail({ code: "dataMap" });
    const key = textOf(row.key);
    const value = typeof row.value === "boolean" ? String(row.value) : textOf(row.value);
    if (key === undefined || value === undefined) return fail({ code: "dataMap" });
    if (key || value) entries.push({ key, value });
  }
  if (entries.length > STRUCTURED_LIMITS.dataMapEntries)
    return fail({ code: "tooManyRows", params: { max: STRUCTURED_LIMITS.dataMapEntries } });
  const problems: ValueProblem[] = [];
  const seen = new Set<string>();
  for (const { key, value } of entries) {
    if (!key) problems.push({ code: "keyRequired" });
    else if (key.length > STRUCTURED_LIMITS.dataMapKey) problems.push({ code: "tooLong", params: { max: STRUCTURED_LIMITS.dataMapKey } });
    else if (seen.has(key.toLowerCase())) problems.push({ code: "duplicateKey", params: { key } });
    if (value.length > STRUCTURED_LIMITS.cell) problems.push({ code: "tooLong", params: { max: STRUCTURED_LIMITS.cell } });
    seen.add(key.toLowerCase());
  }
  if (problems.length) return { ok: false, problems };
  return { ok: true, value: entries, text: entries.map(({ key, value }) => `${key}: ${value}`).join("\n") };
}

// ---------------------------------------------------------------------------------------------
// matrix

/**
 * A table: rows of cells under the field's `columns` (its options). A row is a list of cells in
 * column order or an object by column name. At most 50 rows; a row may not have more cells than
 * there are columns (one when the field names none); cells of 1,000 characters. Empty rows are
 * dropped. Stored as rows of text, one cell per column; in the file one line per row,
 * "Item: Chairs; Qty: 4" (empty cells left out; "Chairs; 4" without column names).
 */
export function parseMatrix(raw: unknown, columns: readonly string[] = []): Parsed<string[][]> {
  if (!Array.isArray(raw)) return fail({ code: "matrix" });
  const width = Math.max(columns.length, 1);
  const rows: string[][] = [];
  for (const row of raw) {
    let cells: unknown[];
    if (Array.isArray(row)) cells = row;
    else if (isRecord(row) && columns.length) {
      if (Object.keys(row).some((key) => !columns.includes(key))) return fail({ code: "matrixColumns", params: { max: width } });
      cells = columns.map((column) => row[column]);
    } else return fail({ code: "matrix" });
    const texts = cells.map((cell) => (typeof cell === "boolean" ? String(cell) : textOf(cell)));
    if (texts.some((cell) => cell === undefined)) return fail({ code: "matrix" });
    if (texts.length > width) return fail({ code: "matrixColumns", params: { max: width } });
    if (texts.every((cell) => !cell)) continue;
    rows.push(Array.from({ length: width }, (_, i) => texts[i] ?? ""));
  }
  if (rows.length > STRUCTURED_LIMITS.matrixRows) return fail({ code: "tooManyRows", params: { max: STRUCTURED_LIMITS.matrixRows } });
  if (rows.some((row) => row.some((cell) => cell.length > STRUCTURED_LIMITS.cell)))
    return fail({ code: "tooLong", params: { max: STRUCTURED_LIMITS.cell } });
  const line = (row: string[]) =>
    row
      .map((cell, i) => (cell && columns[i] ? `${columns[i]}: ${cell}` : cell))
      .filter(Boolean)
      .join("; ");
  return { ok: true, value: rows, text: rows.map(line).join("\n") };
}

// ---------------------------------------------------------------------------------------------
// identity

/** The kinds of identity document a field may ask for (its `identityType` option). */
export const IDENTITY_TYPES = ["passport", "nationalId", "taxId", "driverLicense", "residencePermit", "other"] as const;
export type IdentityType = (typeof IDENTITY_TYPES)[number];
const IDENTITY = /^[\p{L}\p{N}](?:[\p{L}\p{N}]|[ -](?=[\p{L}\p{N}])){2,39}$/u;

/**
 * An identity document's number: 3 to 40 letters, digits, single spaces or dashes, starting
 * and ending with a letter or digit (X1234567-L, AB 123456). Spaces around it are trimmed and
 * runs of spaces collapse to one; written as given.
 */
export function parseIdentity(raw: unknown): Parsed<string> {
  const text =
    typeof raw === "number" && Number.isInteger(raw) ? String(raw) : typeof raw === "string" ? raw.trim().replace(/\s+/g, " ") : undefined;
  if (
    text === undefined ||
    text.length < STRUCTURED_LIMITS.identityMin ||
    text.length > STRUCTURED_LIMITS.identityMax ||
    !IDENTITY.test(text)
  )
    return fail({ code: "identity" });
  return { ok: true, value: text, text };
}
