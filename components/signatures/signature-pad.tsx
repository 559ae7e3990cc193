"use client";

import { useEffect, useImperativeHandle, useRef, type Ref } from "react";

/** One point of a stroke: pad pixels and milliseconds since the first touch; `s` starts a stroke. */
export type TimelinePoint = { x: number; y: number; t: number; s?: 1 };

export type SignaturePadHandle = {
  /** The drawing as a PNG, or null when nothing was drawn. */
  toPng(): Promise<Blob | null>;
  timeline(): TimelinePoint[];
  clear(): void;
};

/**
 * A drawing pad for a signature: pointer events (finger, pen or mouse) on a canvas scaled for
 * the screen's density, keeping every point with its time (the stroke timeline is evidence).
 */
export function SignaturePad({
  label,
  clearLabel,
  onChange,
  ref,
}: {
  label: string;
  clearLabel: string;
  onChange?: (drawn: boolean) => void;
  ref?: Ref<SignaturePadHandle>;
}) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const points = useRef<TimelinePoint[]>([]);
  const start = useRef<number | null>(null);
  const drawing = useRef(false);

  useEffect(() => {
    const element = canvas.current!;
    // Sized from the observer's first report, once the browser has laid the page out: reading
    // clientWidth here, during hydration, forced a layout (Lighthouse's "forced reflow" on /sign).
    const observer = new ResizeObserver(([entry]) => {
      observer.disconnect();
      // Within the server's bounds for a signature image (2000 × 1000 pixels,
      // SIGNATURE_IMAGE_MAX_PIXELS), however dense the screen.
      const { width, height } = entry!.contentRect;
      const ratio = Math.min(window.devicePixelRatio || 1, 2000 / Math.max(width, 1), 1000 / Math.max(height, 1));
      element.width = Math.floor(width * ratio);
      element.height = Math.floor(height * ratio);
      const context = element.getContext("2d")!;
      context.scale(ratio, ratio);
      context.lineWidth = 2.5;
      context.lineCap = "round";
      context.lineJoin = "round";
      context.strokeStyle = "#1e1b4b";
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  const at = (event: React.PointerEvent<HTMLCanvasElement>) => {
    const rect = event.currentTarget.getBoundingClientRect();
    start.current ??= performance.now();
    return {
      x: Math.round((event.clientX - rect.left) * 10) / 10,
      y: Math.round((event.clientY - rect.top) * 10) / 10,
      t: Math.round(performance.now() - start.current),
    };
  };

  const clear = () => {
    const element = canvas.current!;
    element.getContext("2d")!.clearRect(0, 0, element.width, element.height);
    points.current = [];
    start.current = null;
    onChange?.(false);
  };

  function stop() {
    drawing.current = false;
  }

  useImperativeHandle(ref, () => ({
    toPng: () => new Promise((resolve) => (points.current.length ? canvas.current!.toBlob(resolve, "image/png") : resolve(null))),
    timeline: () => points.current,
    clear,
  }));

  return (
    <div className="space-y-2">
      <canvas
        ref={canvas}
        role="img"
        aria-label={label}
        data-testid="signature-pad"
        className="h-48 w-full touch-none rounded border-2 border-zinc-300 bg-white"
        onPointerDown={(event) => {
          event.currentTarget.setPointerCapture(event.pointerId);
          drawing.current = true;
          const point = { ...at(event), s: 1 as const };
          points.current.push(point);
          const context = event.currentTarget.getContext("2d")!;
          context.beginPath();
          context.moveTo(point.x, point.y);
          context.lineTo(point.x + 0.1, point.y + 0.1);
          context.stroke();
          onChange?.(true);
        }}
        onPointerMove={(event) => {
          if (!drawing.current) return;
          const point = at(event);
          points.current.push(point);
          const context = event.currentTarget.getContext("2d")!;
          context.lineTo(point.x, point.y);
          context.stroke();
        }}
        onPointerUp={stop}
        onPointerCancel={stop}
      />
      <button type="button" onClick={clear} className="min-h-11 rounded border border-zinc-300 bg-white px-4 text-sm text-zinc-700">
        {clearLabel}
      </button>
    </div>
  );
}

/** A name written in a script-like face onto a PNG (a typed signature or initials). */
export function textToPng(text: string, height = 120): Promise<Blob | null> {
  const element = document.createElement("canvas");
  const context = element.getContext("2d")!;
  const font = `italic ${Math.round(height * 0.5)}px "Segoe Script", "Brush Script MT", "Snell Roundhand", "URW Chancery L", cursive`;
  context.font = font;
  // A long name is drawn smaller rather than past 2000 pixels (the server's bound).
  const width = Math.ceil(context.measureText(text).width + height * 0.4);
  const scale = Math.min(1, 2000 / width);
  element.width = Math.floor(width * scale);
  element.height = Math.floor(height * scale);
  context.scale(scale, scale);
  context.font = font;
  context.fillStyle = "#1e1b4b";
  context.textBaseline = "middle";
  context.fillText(text, height * 0.2, height / 2);
  return new Promise((resolve) => element.toBlob(resolve, "image/png"));
}
