"use client";

// The router's context, as next/navigation's useRouter reads it (without its throw when absent).
import { AppRouterContext } from "next/dist/shared/lib/app-router-context.shared-runtime";
import {
  useContext,
  useRef,
  type AnchorHTMLAttributes,
  type ContextType,
  type FocusEvent,
  type MouseEvent,
  type PointerEvent,
} from "react";

type Router = NonNullable<ContextType<typeof AppRouterContext>>;

type LinkProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, "href"> & {
  href: string;
  /** Keep the scroll position after the navigation (next/link's `scroll={false}`). */
  scroll?: boolean;
};

/** A link to this site that opens in this tab: the app's router may follow it. */
const inApp = (anchor: HTMLAnchorElement) =>
  anchor.origin === window.location.origin && (!anchor.target || anchor.target === "_self") && !anchor.hasAttribute("download");

/**
 * Follows a click on `anchor` with the app's router, unless the click asks the browser for
 * something else (a modifier key, another button, a new tab, a download) or was handled already.
 */
function follow(router: Router | null, event: MouseEvent, anchor: HTMLAnchorElement, href: string, scroll: boolean) {
  if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
  if (!router || !inApp(anchor)) return;
  event.preventDefault();
  router.push(href, { scroll });
}

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
  return (
    <a
      {...props}
      href={href}
      onPointerEnter={(event) => {
        onPointerEnter?.(event);
        if (router && inApp(event.currentTarget)) router.prefetch(href);
      }}
      onFocus={(event) => {
        onFocus?.(event);
        if (router && event.currentTarget.origin === window.location.origin) router.prefetch(href);
      }}
      onClick={(event) => {
        onClick?.(event);
        follow(router, event, event.currentTarget, href, scroll ?? true);
      }}
    />
  );
}

/**
 * The same for every plain `<a href>` inside one element, from three handlers on that element:
 * a list's rows hold one link each, and a Link per row cost the server about a third of
 * rendering the rows (docs/benchmarks.md, "Pages"). Spread the result on the container.
 */
export function useInAppLinks() {
  const router = useContext(AppRouterContext);
  const prefetched = useRef<string | null>(null);
  const anchorOf = (event: { target: EventTarget; currentTarget: Element }) => {
    const anchor = (event.target as Element).closest?.("a[href]");
    return anchor instanceof HTMLAnchorElement && event.currentTarget.contains(anchor) ? anchor : null;
  };
  const prefetch = (anchor: HTMLAnchorElement | null) => {
    const href = anchor?.getAttribute("href");
    if (!router || !anchor || !href || href === prefetched.current || anchor.origin !== window.location.origin) return;
    prefetched.current = href;
    router.prefetch(href);
  };
  return {
    onPointerOver: (event: PointerEvent<HTMLElement>) => prefetch(anchorOf(event)),
    onFocus: (event: FocusEvent<HTMLElement>) => prefetch(anchorOf(event)),
    onClick: (event: MouseEvent<HTMLElement>) => {
      const anchor = anchorOf(event);
      if (anchor) follow(router, event, anchor, anchor.getAttribute("href")!, true);
    },
  };
}
