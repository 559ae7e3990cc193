/** The shapes of field values: as a client sends them, as stored with a document, and as a PDF form takes them. */

import type { AddressValue, DataMapEntry, GeoValue } from "./structured-values";

/** What an upload field holds once its file is kept with the document. */
export type UploadValue = { name: string; mimetype: string; size: number };

/** A value as a client sends it: text, numbers, lists, or the objects and rows of the structured types. */
export type RawValue = string | number | boolean | null | undefined | readonly unknown[] | { readonly [key: string]: unknown };

/** A value as stored with the document: the typed value, or the structured types' normalized objects and rows. */
export type FilledValue = string | number | boolean | string[] | null | AddressValue | GeoValue | DataMapEntry[] | string[][] | UploadValue;

export type FilledValues = { values: Record<string, FilledValue>; text: Record<string, string> };

/** The values a PDF form can take as typed (ticks, choices): structured ones fill it by their text. */
export type ScalarValue = string | number | boolean | string[] | null;

export const scalarValues = (values: FilledValues["values"]): Record<string, ScalarValue> =>
  Object.fromEntries(
    Object.entries(values).filter(
      (entry): entry is [string, ScalarValue] =>
        entry[1] === null ||
        typeof entry[1] !== "object" ||
        (Array.isArray(entry[1]) && entry[1].every((item) => typeof item === "string")),
    ),
  );
