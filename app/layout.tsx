import type { Metadata, Viewport } from "next";
import { getLocale, getTranslations } from "next-intl/server";
import { Suspense, type ReactNode } from "react";
import { ClientMessages } from "@/components/i18n/client-messages";
import { HydrationMarker } from "@/components/layout/hydration-marker";
import { NavigationProgress } from "@/components/layout/navigation-progress";
import { NotificationsProvider } from "@/components/ui/notifications";
import { ROOT_MESSAGES } from "@/lib/i18n/client-namespaces";
import "./globals.css";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("common");
  return { title: t("appName") };
}

export const viewport: Viewport = { width: "device-width", initialScale: 1 };

export default async function RootLayout({ children }: { children: ReactNode }) {
  const locale = await getLocale();
  return (
    <html lang={locale} data-scroll-behavior="smooth">
      <body>
        <Suspense fallback={null}>
          <NavigationProgress />
        </Suspense>
        {/* Only the root's own client components' messages: each screen sends its own (ClientMessages). */}
        <ClientMessages namespaces={ROOT_MESSAGES}>
          <NotificationsProvider>
            {children}
            <HydrationMarker />
          </NotificationsProvider>
        </ClientMessages>
      </body>
    </html>
  );
}
