"use client";

import { lazy, Suspense, use, useEffect, useReducer, type ComponentType } from "react";
import { MoreMessages, useMessagesSource, useTranslations } from "@/lib/i18n/client";
import { fetchMessages, forgetFailure, messagesPath } from "@/lib/i18n/fetch-messages";

/**
 * A panel that loads when it is first shown, with its messages: its code (`load`, an `import()`)
 * and the messages under `keys` (app/vapp/messages, in the screen's language) are fetched side
 * by side, and the panel renders once both are here, with those messages added to the screen's
 * (MoreMessages). So a screen's HTML carries only the messages of what it shows first
 * (components/i18n/client-messages.tsx): a document's screen opens on the document, and its
 * other tabs' texts come with their tab. The messages' address names the catalogue's version,
 * so the browser keeps them until a message changes. For panels a person opens: the server
 * renders nothing here (there is nothing to fetch from yet). tests/unit/i18n/client-messages.test.ts
 * checks that `keys` and the screen's provider give what the panel reads.
 */
export function lazyWithMessages<P extends object>(load: () => Promise<ComponentType<P>>, keys: readonly string[]): ComponentType<P> {
  let code: Promise<{ default: ComponentType<P> }> | undefined;
  const startCode = () => (code ??= load().then((component) => ({ default: component })));
  const Panel = lazy(startCode);

  function WithMessages(props: P) {
    const { locale, version } = useMessagesSource();
    const t = useTranslations("errors");
    const common = useTranslations("common");
    const [, retried] = useReducer((count: number) => count + 1, 0);
    const url = messagesPath(locale, version, keys);
    const messages = use(fetchMessages(url));
    // Opened again later, a panel whose messages did not come asks for them again.
    useEffect(() => () => forgetFailure(url), [url]);
    if (messages === null)
      return (
        <div role="alert" className="flex flex-wrap items-center gap-3 text-sm text-red-700">
          <p>{t("NETWORK")}</p>
          <button
            type="button"
            className="rounded-md border border-zinc-300 px-3 py-1 text-zinc-800 hover:bg-zinc-50"
            onClick={() => {
              forgetFailure(url);
              retried();
            }}
          >
            {common("retry")}
          </button>
        </div>
      );
    return (
      <MoreMessages messages={messages}>
        <Panel {...props} />
      </MoreMessages>
    );
  }

  return function LazyPanel(props: P) {
    const common = useTranslations("common");
    if (typeof window === "undefined") return null;
    startCode();
    return (
      <Suspense
        fallback={
          <p role="status" className="text-sm text-zinc-500">
            {common("loading")}
          </p>
        }
      >
        <WithMessages {...props} />
      </Suspense>
    );
  };
}
