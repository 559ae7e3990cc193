"use client";

// The router's context, as next/navigation's useRouter reads it (without its throw when absent).
import { AppRouterContext } from "next/dist/shared/lib/app-router-context.shared-runtime";
import { useContext, type AnchorHTMLAttributes, type MouseEvent } from "react";

type LinkProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, "href"> & {
  href: string;
  /** Keep the scroll position after the navigation (next/link's `scroll={false}`). */
  scroll?: boolean;
};

/**
 * A same-site link that navigates inside the app without a full load, as next/link does, with
 * none of next/link's own code (about 3.3 KB gzip on every screen that uses it; docs/benchmarks.md,
 * "First-load JavaScript"): the router is the framework's, already on every page. The route is
 * fetched ahead when the pointer or the focus reaches the link, not for every link in view, so a
 * list of 25 documents does not ask the server for 25 pages. A click with a modifier key, another
 * button, a target or a download attribute is left to the browser (new tab, save…). Outside the
 * app's router (a page rendered on its own, in a test) it is a plain link, as next/link is.
 */
export function Link({ href, scroll, onClick, onPointerEnter, onFocus, ...props }: LinkProps) {
  const router = useContext(AppRouterContext);
  const local = (event: MouseEvent<HTMLAnchorElement>) => {
    const anchor = event.currentTarget;
    return anchor.origin === window.location.origin && (!anchor.target || anchor.target === "_self") && !anchor.hasAttribute("download");
  };
  return (
    <a
      {...props}
      href={href}
      onPointerEnter={(event) => {
        onPointerEnter?.(event);
        if (router && local(event)) router.prefetch(href);
      }}
      onFocus={(event) => {
        onFocus?.(event);
        if (router && event.currentTarget.origin === window.location.origin) router.prefetch(href);
      }}
      onClick={(event) => {
        onClick?.(event);
        if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
        if (!router || !local(event)) return;
        event.preventDefault();
        router.push(href, { scroll: scroll ?? true });
      }}
    />
  );
}
