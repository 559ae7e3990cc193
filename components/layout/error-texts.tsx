"use client";

import { createContext, useContext, type ReactNode } from "react";

/** What the error screen (app/error.tsx) says, translated by the root layout. */
export type ErrorTexts = {
  title: string;
  body: string;
  retry: string;
  home: string;
  /** Before the error's digest, which matches the server's log line. */
  reference: string;
};

const ErrorTextsContext = createContext<ErrorTexts | null>(null);

/**
 * The error screen's texts come from the root layout (a server component), as the notifications'
 * close label does: the screen then needs no translation runtime, and it reads in the visitor's
 * language even when the server can no longer be reached.
 */
export function ErrorTextsProvider({ texts, children }: { texts: ErrorTexts; children: ReactNode }) {
  return <ErrorTextsContext value={texts}>{children}</ErrorTextsContext>;
}

export const useErrorTexts = () => useContext(ErrorTextsContext);
