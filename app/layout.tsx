import type { Metadata, Viewport } from "next";
import { getLocale, getTranslations } from "next-intl/server";
import { Suspense, type ReactNode } from "react";
import { ErrorTextsProvider } from "@/components/layout/error-texts";
import { HydrationMarker } from "@/components/layout/hydration-marker";
import { NavigationProgress } from "@/components/layout/navigation-progress";
import { NotificationsProvider } from "@/components/ui/notifications";
import "./globals.css";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("common");
  return { title: t("appName") };
}

export const viewport: Viewport = { width: "device-width", initialScale: 1 };

export default async function RootLayout({ children }: { children: ReactNode }) {
  const [locale, t, te] = await Promise.all([getLocale(), getTranslations("common"), getTranslations("errors")]);
  // What app/error.tsx says when a page fails: sent with every page, so it needs no request.
  const errorTexts = {
    title: t("pageErrorTitle"),
    body: te("INTERNAL"),
    retry: t("retry"),
    home: t("goHome"),
    reference: t("errorReference"),
  };
  return (
    <html lang={locale} data-scroll-behavior="smooth">
      <body>
        <Suspense fallback={null}>
          <NavigationProgress />
        </Suspense>
        {/* No messages here: each screen sends its client components' own (ClientMessages), and a screen without any loads no translation runtime. */}
        <NotificationsProvider closeLabel={t("close")}>
          <ErrorTextsProvider texts={errorTexts}>{children}</ErrorTextsProvider>
          <HydrationMarker />
        </NotificationsProvider>
      </body>
    </html>
  );
}
