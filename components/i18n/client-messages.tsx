import { getLocale, getMessages, getTimeZone } from "next-intl/server";
import type { ReactNode } from "react";
import { ClientIntlProvider } from "@/lib/i18n/client";
import type { Locale } from "@/lib/i18n/locales";
import { messagesVersion } from "@/lib/i18n/messages";
import { pickedMessagesText } from "@/lib/i18n/pick-messages";

/**
 * The messages the client components below read, and only those: they travel in the page's HTML
 * (the RSC payload), so a screen sends its own namespaces rather than the whole catalogue of the
 * language (about 77 KB of JSON in English). A nested provider's messages replace its parent's,
 * they are not merged: `namespaces` lists everything the subtree reads, the shared sets of
 * lib/i18n/client-namespaces.ts included. Server components read the whole catalogue with
 * getTranslations and need nothing here. tests/unit/i18n/client-messages.test.ts checks every
 * screen's list against the `useTranslations` of the client components it renders. Client
 * components translate with lib/i18n/client.tsx, not next-intl's client. They travel as JSON text,
 * one value in the payload, which the provider parses once per text.
 */
export async function ClientMessages({ namespaces, children }: { namespaces: readonly string[]; children: ReactNode }) {
  const [messages, locale, timeZone] = await Promise.all([getMessages(), getLocale(), getTimeZone()]);
  return (
    <ClientIntlProvider
      locale={locale}
      timeZone={timeZone}
      messages={pickedMessagesText(messages, namespaces)}
      version={messagesVersion(locale as Locale)}
    >
      {children}
    </ClientIntlProvider>
  );
}
