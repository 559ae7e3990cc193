"use client";

import { useId, useMemo, useRef, useState, type KeyboardEvent } from "react";

export type SearchOption = { value: string; label: string };

/** Lower case without accents, so "cat" finds "Catàleg" and "arrend" finds "Arrendamiento". */
const fold = (text: string) => text.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase();

/**
 * A select that is searched by typing (WAI-ARIA combobox with a list box): the options whose
 * name contains what is typed, accents and case aside; arrows move through them, Enter picks,
 * Escape closes and puts back the chosen name. The first option, `emptyLabel`, chooses nothing.
 */
export function SearchSelect({
  label,
  options,
  value,
  onChange,
  disabled = false,
  emptyLabel,
  noMatches,
  className = "",
  inputClassName = "",
  dataTour,
}: {
  label: string;
  options: SearchOption[];
  value: string;
  onChange: (value: string) => void;
  disabled?: boolean;
  emptyLabel: string;
  noMatches: string;
  className?: string;
  inputClassName?: string;
  /** Marks the input for the welcome tour. */
  dataTour?: string;
}) {
  const id = useId();
  const listId = `${id}-list`;
  const chosen = options.find((o) => o.value === value);
  const [open, setOpen] = useState(false);
  const [query, setQuery] = useState<string | null>(null);
  const [active, setActive] = useState(0);
  const input = useRef<HTMLInputElement>(null);

  const matches = useMemo(() => {
    const wanted = fold(query ?? "");
    return [{ value: "", label: emptyLabel }, ...options.filter((o) => !wanted || fold(o.label).includes(wanted))];
  }, [options, query, emptyLabel]);

  const close = () => {
    setOpen(false);
    setQuery(null);
  };
  const pick = (option: SearchOption) => {
    onChange(option.value);
    close();
  };

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      event.preventDefault();
      if (!open) {
        setOpen(true);
        setActive(
          Math.max(
            0,
            matches.findIndex((o) => o.value === value),
          ),
        );
        return;
      }
      setActive((index) => (event.key === "ArrowDown" ? Math.min(index + 1, matches.length - 1) : Math.max(index - 1, 0)));
    } else if (event.key === "Enter" && open) {
      event.preventDefault();
      if (matches[active]) pick(matches[active]);
    } else if (event.key === "Escape" && open) {
      event.preventDefault();
      close();
    } else if (event.key === "Tab") close();
  }

  return (
    <div className={`relative flex flex-col gap-1 text-sm font-medium text-zinc-700 ${className}`}>
      <label htmlFor={`${id}-input`}>{label}</label>
      <input
        ref={input}
        id={`${id}-input`}
        type="text"
        role="combobox"
        aria-expanded={open}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={open && matches[active] ? `${id}-option-${active}` : undefined}
        autoComplete="off"
        disabled={disabled}
        data-tour={dataTour}
        className={inputClassName}
        value={query ?? chosen?.label ?? ""}
        placeholder={emptyLabel}
        onFocus={() =>
          setActive(
            Math.max(
              0,
              matches.findIndex((o) => o.value === value),
            ),
          )
        }
        onClick={() => setOpen(true)}
        onChange={(e) => {
          setQuery(e.target.value);
          setActive(e.target.value ? 1 : 0);
          setOpen(true);
        }}
        onKeyDown={onKeyDown}
        onBlur={close}
      />
      {open && (
        <ul
          id={listId}
          role="listbox"
          aria-label={label}
          className="absolute top-full z-20 mt-1 max-h-60 w-full overflow-auto rounded-md border border-zinc-200 bg-white py-1 font-normal shadow-lg"
        >
          {matches.length === 1 && query ? (
            <li className="px-3 py-2 text-zinc-500" role="presentation">
              {noMatches}
            </li>
          ) : null}
          {matches.map((option, index) => (
            <li
              key={option.value || "none"}
              id={`${id}-option-${index}`}
              role="option"
              aria-selected={option.value === value}
              // Chosen before the input's blur closes the list.
              onMouseDown={(e) => {
                e.preventDefault();
                pick(option);
              }}
              onMouseEnter={() => setActive(index)}
              className={`cursor-pointer px-3 py-2 ${index === active ? "bg-brand-50 text-brand-900" : ""} ${option.value === value ? "font-semibold" : ""} ${option.value ? "" : "text-zinc-500"}`}
            >
              {option.label}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
