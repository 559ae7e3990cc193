"use client";

import { useEffect, useRef } from "react";
import { useErrorTexts } from "@/components/layout/error-texts";

/**
 * The screen of a page that failed (an unexpected error while loading or showing it), inside the
 * root layout: in the visitor's language, with a retry (loads the page's data again) and the way
 * home. The digest names the server's log line of the error; its message is never shown. The
 * heading takes the focus, so a screen reader says what happened after a navigation.
 */
export default function PageError({ error, retry }: { error: Error & { digest?: string }; retry: () => void }) {
  const texts = useErrorTexts();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  // The root layout always provides the texts; without them, the framework's own screen shows.
  if (!texts) throw error;
  return (
    <main className="flex min-h-screen flex-col items-center justify-center gap-4 px-4 text-center">
      <h1 ref={heading} tabIndex={-1} className="text-2xl font-semibold outline-none">
        {texts.title}
      </h1>
      <p className="text-zinc-600">{texts.body}</p>
      <div className="flex flex-wrap items-center justify-center gap-4">
        <button
          type="button"
          onClick={retry}
          className="min-h-10 rounded-md bg-brand-600 px-4 text-sm font-medium text-white hover:bg-brand-700"
        >
          {texts.retry}
        </button>
        {/* eslint-disable-next-line @next/next/no-html-link-for-pages -- a full load on purpose: the app may be in a broken state */}
        <a href="/" className="font-medium text-brand-700 hover:underline">
          {texts.home}
        </a>
      </div>
      {error.digest && (
        <p className="text-xs text-zinc-500">
          {texts.reference}: <code>{error.digest}</code>
        </p>
      )}
    </main>
  );
}
