"use client";

import { useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode } from "react";
import { createPortal } from "react-dom";

/** Spec "Welcome tour": the highlight keeps 15px around its element… */
export const TOUR_PADDING = 15;
/** …and scrolling keeps 20px between that highlight and the edge of the view. */
export const TOUR_SCROLL_PADDING = 20;
/** Spec: the wide-screen breakpoint is lg (Tailwind's 64rem); below it the popover docks to an edge. */
const WIDE = "(min-width: 64rem)";
const GAP = 12;
const EDGE = 8;
const WIDTH = 368;
/** How long a step's element may be missing (a dialog closing, say) before the step gives up. */
const MISSING_AFTER_MS = 800;

type Box = { top: number; left: number; width: number; height: number };
type Layout = {
  /** Where the popover goes: beside the element on wide screens, else docked. */
  place: { mode: "float"; top: number; left: number } | { mode: "center" } | { mode: "dock"; edge: "top" | "bottom" };
  /** The highlight around the element, padding included; null for a step with no element. */
  ring: Box | null;
  /** The open <dialog> holding the element: a modal dialog is in the top layer and makes the
   *  rest of the page inert, so the popover has to live inside it to be seen and used. */
  container: Element;
};

const sameBox = (a: Box | null, b: Box | null) =>
  a === b || (!!a && !!b && a.top === b.top && a.left === b.left && a.width === b.width && a.height === b.height);
const samePlace = (a: Layout["place"], b: Layout["place"]) => JSON.stringify(a) === JSON.stringify(b);

/** The first element marked data-tour="name" that is shown (a closed <dialog> keeps its content in the DOM). */
export function findTourTarget(name: string): HTMLElement | null {
  for (const el of document.querySelectorAll<HTMLElement>(`[data-tour="${CSS.escape(name)}"]`)) {
    if (el.getClientRects().length > 0 && !el.closest("dialog:not([open])")) return el;
  }
  return null;
}

function place(ring: Box | null, popover: { width: number; height: number }, wide: boolean): Layout["place"] {
  const vw = window.innerWidth;
  const vh = window.innerHeight;
  if (!wide) {
    // Docked at the bottom, unless the top covers less of the element.
    if (!ring) return { mode: "dock", edge: "bottom" };
    const underBottom = Math.max(0, ring.top + ring.height - (vh - popover.height));
    const underTop = Math.max(0, popover.height - ring.top);
    return { mode: "dock", edge: underTop < underBottom ? "top" : "bottom" };
  }
  if (!ring) return { mode: "center" };
  const { width: w, height: h } = popover;
  const clampLeft = (left: number) => Math.min(Math.max(left, EDGE), Math.max(EDGE, vw - w - EDGE));
  const clampTop = (top: number) => Math.min(Math.max(top, EDGE), Math.max(EDGE, vh - h - EDGE));
  const bottom = ring.top + ring.height;
  const right = ring.left + ring.width;
  if (bottom + GAP + h <= vh - EDGE) return { mode: "float", top: bottom + GAP, left: clampLeft(ring.left) };
  if (ring.top - GAP - h >= EDGE) return { mode: "float", top: ring.top - GAP - h, left: clampLeft(ring.left) };
  if (right + GAP + w <= vw - EDGE) return { mode: "float", top: clampTop(ring.top), left: right + GAP };
  if (ring.left - GAP - w >= EDGE) return { mode: "float", top: clampTop(ring.top), left: ring.left - GAP - w };
  // No room on any side (a tall step beside a wide dialog): the screen edge away from the
  // element's middle, where it covers the least of it.
  const toRight = ring.left + ring.width / 2 <= vw / 2;
  return { mode: "float", top: clampTop(ring.top), left: toRight ? vw - w - EDGE : EDGE };
}

/**
 * One step of a tour: a small non-modal dialog anchored to the element marked
 * data-tour={target} (or centred when there is none), with a highlight ring around it. It does
 * not block the page: the ring lets clicks through and nothing covers the rest. Focus moves into
 * it on every step; Escape or the close button calls onClose. Below lg it docks to the bottom
 * of the screen (to the top when the element sits under it).
 */
export function TourPopover({
  stepKey,
  target,
  title,
  counter,
  closeLabel,
  actions,
  children,
  onClose,
  onTargetMissing,
}: {
  /** Changes with each step: focus moves in and the element is scrolled into view again. */
  stepKey: string;
  target?: string;
  title: string;
  counter: string;
  closeLabel: string;
  actions: ReactNode;
  children: ReactNode;
  onClose: () => void;
  /** Called once when the step's element stays missing (its dialog was closed, say); without it the step shows centred. */
  onTargetMissing?: () => void;
}) {
  const titleId = useId();
  const bodyId = useId();
  const popoverRef = useRef<HTMLDivElement>(null);
  const [layout, setLayout] = useState<Layout | null>(null);
  // A new step starts unplaced: never drawn for a moment where the previous one was.
  const [placedFor, setPlacedFor] = useState(stepKey);
  if (placedFor !== stepKey) {
    setPlacedFor(stepKey);
    setLayout(null);
  }
  const onCloseRef = useRef(onClose);
  const onMissingRef = useRef(onTargetMissing);
  useEffect(() => {
    onCloseRef.current = onClose;
    onMissingRef.current = onTargetMissing;
  });

  // Follows the element every frame (dialogs opening, smooth scrolling, resizing): cheap, and
  // state only changes when the box does.
  useEffect(() => {
    let frame = 0;
    let missingSince: number | null = null;
    let reported = false;
    let scrolledTo: HTMLElement | null = null;
    const wide = window.matchMedia(WIDE);
    const tick = () => {
      frame = requestAnimationFrame(tick);
      const el = target ? findTourTarget(target) : null;
      if (target && !el) {
        missingSince ??= performance.now();
        const late = performance.now() - missingSince > MISSING_AFTER_MS;
        if (late && !reported) {
          reported = true;
          onMissingRef.current?.();
        }
        // A step whose element never shows up (and nobody handles it) still shows, centred.
        if (!late || onMissingRef.current) {
          setLayout(null);
          return;
        }
      } else missingSince = null;
      const popover = popoverRef.current;
      const size = { width: popover?.offsetWidth ?? WIDTH, height: popover?.offsetHeight ?? 200 };
      if (el && el !== scrolledTo) {
        scrolledTo = el;
        scrollToTarget(el, wide.matches ? 0 : size.height);
      }
      const rect = el?.getBoundingClientRect();
      const ring = rect
        ? {
            top: rect.top - TOUR_PADDING,
            left: rect.left - TOUR_PADDING,
            width: rect.width + 2 * TOUR_PADDING,
            height: rect.height + 2 * TOUR_PADDING,
          }
        : null;
      const container = el?.closest("dialog[open]") ?? document.body;
      const next = { ring, container, place: place(ring, size, wide.matches) };
      setLayout((prev) =>
        prev && prev.container === next.container && sameBox(prev.ring, next.ring) && samePlace(prev.place, next.place) ? prev : next,
      );
    };
    tick();
    return () => cancelAnimationFrame(frame);
  }, [target, stepKey]);

  const shown = layout !== null;
  const container = layout?.container ?? null;
  useEffect(() => {
    if (shown) popoverRef.current?.focus({ preventScroll: true });
  }, [stepKey, shown, container]);

  // Escape anywhere skips the tour, unless a modal dialog is open: there Escape belongs to the
  // dialog, and only an Escape pressed inside the tour itself (handled below) ends it.
  useEffect(() => {
    const onKeyDown = (event: globalThis.KeyboardEvent) => {
      if (event.key !== "Escape" || event.defaultPrevented || document.querySelector("dialog[open]")) return;
      if (event.target instanceof Node && popoverRef.current?.contains(event.target)) return;
      onCloseRef.current();
    };
    document.addEventListener("keydown", onKeyDown);
    return () => document.removeEventListener("keydown", onKeyDown);
  }, []);

  function onKeyDown(event: KeyboardEvent) {
    if (event.key !== "Escape") return;
    // Keeps the Escape from also closing a <dialog> the tour sits in.
    event.preventDefault();
    event.stopPropagation();
    onClose();
  }

  if (!layout) return null;
  const { place: where, ring } = layout;
  const position =
    where.mode === "float"
      ? { style: { top: where.top, left: where.left, width: `min(${WIDTH}px, calc(100vw - ${2 * EDGE}px))` }, className: "fixed" }
      : where.mode === "center"
        ? {
            style: { width: `min(${WIDTH + 64}px, calc(100vw - ${2 * EDGE}px))` },
            className: "fixed left-1/2 top-1/2 -translate-x-1/2 -translate-y-1/2",
          }
        : {
            style: {},
            className: `fixed inset-x-0 ${where.edge === "bottom" ? "bottom-0 rounded-b-none border-b-0" : "top-0 rounded-t-none border-t-0"}`,
          };

  return createPortal(
    <>
      {ring && (
        <div
          aria-hidden
          data-testid="tour-highlight"
          className="pointer-events-none fixed z-[60] rounded-xl ring-4 ring-brand-500/70"
          style={{ top: ring.top, left: ring.left, width: ring.width, height: ring.height }}
        />
      )}
      <div
        ref={popoverRef}
        role="dialog"
        aria-labelledby={titleId}
        aria-describedby={bodyId}
        tabIndex={-1}
        onKeyDown={onKeyDown}
        data-tour-popover={where.mode}
        style={position.style}
        className={`${position.className} z-[61] m-0 flex max-h-[70vh] flex-col gap-3 overflow-y-auto rounded-xl border border-zinc-200 bg-white p-4 text-left text-zinc-800 shadow-2xl outline-none focus-visible:ring-2 focus-visible:ring-brand-500`}
      >
        <div className="flex items-start justify-between gap-3">
          <div>
            <p className="text-xs font-medium uppercase tracking-wide text-brand-700">{counter}</p>
            <h2 id={titleId} className="text-base font-semibold text-zinc-900">
              {title}
            </h2>
          </div>
          <button
            type="button"
            onClick={onClose}
            aria-label={closeLabel}
            className="rounded p-1 text-zinc-500 hover:bg-zinc-100 focus-visible:outline-2 focus-visible:outline-brand-500"
          >
            ✕
          </button>
        </div>
        <div id={bodyId} className="flex flex-col gap-2 text-sm text-zinc-700">
          {children}
        </div>
        <div className="flex flex-wrap items-center justify-end gap-2">{actions}</div>
      </div>
    </>,
    layout.container,
  );
}

/** Brings the element into view, keeping padding + scroll padding (and a docked popover) clear of the edges. */
function scrollToTarget(el: HTMLElement, dockedHeight: number) {
  const margin = TOUR_PADDING + TOUR_SCROLL_PADDING;
  const previous = el.style.scrollMargin;
  el.style.scrollMargin = `${margin}px ${margin}px ${margin + dockedHeight}px ${margin}px`;
  const reduce = window.matchMedia("(prefers-reduced-motion: reduce)").matches;
  el.scrollIntoView({ block: "nearest", inline: "nearest", behavior: reduce ? "auto" : "smooth" });
  el.style.scrollMargin = previous;
}
