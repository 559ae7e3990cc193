"use client";

import { useTranslations } from "@/lib/i18n/client";
import { Button } from "@/components/ui/button";
import { STRUCTURED_LIMITS } from "@/lib/templates/structured-values";
import { FIELD_INPUT } from "./field-input";

/**
 * A table field: the columns the template names, and rows the person adds (50 at most), one
 * text input per cell, named by its column and row, inside the form's fieldset.
 */
export function MatrixInput({ columns, value, onChange }: { columns: string[]; value: string[][]; onChange: (value: string[][]) => void }) {
  const t = useTranslations("templates.inputs");
  if (!columns.length) return <p className="text-xs text-zinc-500">{t("noColumns")}</p>;
  const setCell = (row: number, column: number, text: string) =>
    onChange(value.map((cells, i) => (i === row ? cells.map((cell, j) => (j === column ? text : cell)) : cells)));
  return (
    <div className="flex flex-col gap-2">
      {value.length === 0 ? (
        <p className="text-xs text-zinc-500">{t("noRows")}</p>
      ) : (
        <div className="overflow-x-auto">
          <table className="w-full border-separate border-spacing-1 text-sm">
            <thead>
              <tr>
                {columns.map((column) => (
                  <th key={column} scope="col" className="text-left text-xs font-medium text-zinc-600">
                    {column}
                  </th>
                ))}
                <td />
              </tr>
            </thead>
            <tbody>
              {value.map((cells, i) => (
                <tr key={i} data-testid="matrix-row">
                  {columns.map((column, j) => (
                    <td key={column}>
                      <input
                        className={`${FIELD_INPUT} w-full`}
                        aria-label={t("cellLabel", { column, n: i + 1 })}
                        maxLength={STRUCTURED_LIMITS.cell}
                        value={cells[j] ?? ""}
                        onChange={(e) => setCell(i, j, e.target.value)}
                      />
                    </td>
                  ))}
                  <td>
                    <Button
                      type="button"
                      variant="ghost"
                      aria-label={t("removeRow", { n: i + 1 })}
                      onClick={() => onChange(value.filter((_, j) => j !== i))}
                    >
                      ×
                    </Button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <div>
        <Button
          type="button"
          variant="secondary"
          disabled={value.length >= STRUCTURED_LIMITS.matrixRows}
          onClick={() => onChange([...value, columns.map(() => "")])}
        >
          {t("addRow")}
        </Button>
      </div>
    </div>
  );
}
