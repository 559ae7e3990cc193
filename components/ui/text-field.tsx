"use client";

import { useId, type InputHTMLAttributes, type ReactNode } from "react";

/** A labelled input. Required fields show an asterisk; native validity shows as the field status. */
export function TextField({
  label,
  error,
  hint,
  className = "",
  after,
  ...props
}: InputHTMLAttributes<HTMLInputElement> & { label: string; error?: string | null; hint?: ReactNode; after?: ReactNode }) {
  const id = useId();
  const describedBy = [error ? `${id}-error` : null, hint ? `${id}-hint` : null].filter(Boolean).join(" ") || undefined;
  return (
    <div className={`flex flex-col gap-1 ${className}`}>
      <label htmlFor={id} className="text-sm font-medium text-zinc-700">
        {label}
        {props.required && (
          <span className="ml-0.5 text-red-600" aria-hidden>
            *
          </span>
        )}
      </label>
      <input
        id={id}
        {...props}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        className="min-h-10 rounded-md border border-zinc-300 bg-white px-3 py-2 text-sm shadow-sm user-invalid:border-red-500 focus:border-brand-500 aria-invalid:border-red-500"
      />
      {after}
      {hint && (
        <p id={`${id}-hint`} className="text-xs text-zinc-500">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="text-xs text-red-600" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
