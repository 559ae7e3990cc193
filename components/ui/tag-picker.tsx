"use client";

/** The workspace's tags as checkboxes, each with its colour (documents and templates). */
export function TagPicker({
  legend,
  tags,
  selected,
  disabled,
  onChange,
  className = "",
}: {
  legend: string;
  tags: { id: string; name: string; color: string }[];
  selected: string[];
  disabled: boolean;
  onChange: (ids: string[]) => void;
  className?: string;
}) {
  if (tags.length === 0) return null;
  return (
    <fieldset className={className}>
      <legend className="text-sm font-medium text-zinc-700">{legend}</legend>
      <div className="mt-1 flex flex-wrap gap-3">
        {tags.map((tag) => (
          <label key={tag.id} className="flex items-center gap-1.5 text-sm">
            <input
              type="checkbox"
              disabled={disabled}
              checked={selected.includes(tag.id)}
              onChange={(e) => onChange(e.target.checked ? [...selected, tag.id] : selected.filter((x) => x !== tag.id))}
            />
            <span aria-hidden className="size-2.5 rounded-full" style={{ background: tag.color }} />
            {tag.name}
          </label>
        ))}
      </div>
    </fieldset>
  );
}
