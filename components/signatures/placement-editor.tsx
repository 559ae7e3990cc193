"use client";

import { useTranslations } from "@/lib/i18n/client";
import { useEffect, useRef, useState, type KeyboardEvent, type PointerEvent } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { useAction } from "@/components/ui/use-action";
import { callOperation, operationHref, type OperationInput } from "@/lib/client/operations";
import { documentPageCountOp, documentPageImageOp } from "@/lib/operations/routes/page-image";
import { saveSignaturePlaceholdersOp, signaturePlaceholdersOp } from "@/lib/operations/routes/signature";
import { LIMITS } from "@/lib/validation/limits";

type Signer = { id: string; firstName: string; lastName: string; email: string; state: string };
type Box = OperationInput<"saveSignaturePlaceholders">["placeholders"][number] & { key: string };
type Kind = Box["kind"];
const FIELD_TYPES = ["text", "date", "number", "attachment", "file", "image"] as const;
const SIZES: Record<Kind, { width: number; height: number }> = {
  signature: { width: 0.3, height: 0.08 },
  initials: { width: 0.1, height: 0.05 },
  field: { width: 0.25, height: 0.05 },
};
const STEP = 0.01;
/**
 * Each signer's colour, by their place in the list (the ninth takes the first again): border and
 * text dark enough on the light tint (WCAG AA for the label), and the name on every box, so
 * colour is never the only clue.
 */
export const SIGNER_COLOURS = [
  { border: "#6d28d9", background: "#ede9fe", text: "#4c1d95" },
  { border: "#0f766e", background: "#ccfbf1", text: "#134e4a" },
  { border: "#c2410c", background: "#ffedd5", text: "#7c2d12" },
  { border: "#1d4ed8", background: "#dbeafe", text: "#1e3a8a" },
  { border: "#be185d", background: "#fce7f3", text: "#831843" },
  { border: "#15803d", background: "#dcfce7", text: "#14532d" },
  { border: "#a16207", background: "#fef9c3", text: "#713f12" },
  { border: "#334155", background: "#e2e8f0", text: "#0f172a" },
] as const;
const GAP = 0.01;

/**
 * Where a new box of `size` goes on a page holding `taken`: the first spot, down the page then
 * column by column, that overlaps no box (with a small gap), so a new box never lands on the
 * last one; when the page is full, a step off the last box.
 */
export function freeSpot(
  taken: readonly { x: number; y: number; width: number; height: number }[],
  size: { width: number; height: number },
) {
  const overlaps = (x: number, y: number) =>
    taken.some((b) => x < b.x + b.width + GAP && b.x < x + size.width + GAP && y < b.y + b.height + GAP && b.y < y + size.height + GAP);
  for (let column = 0; 0.1 + column * 0.05 + size.width <= 1; column++)
    for (let row = 0; 0.1 + row * 0.02 + size.height <= 1; row++) {
      const [x, y] = [round(0.1 + column * 0.05), round(0.1 + row * 0.02)];
      if (!overlaps(x, y)) return { x, y };
    }
  const last = taken.at(-1);
  if (!last) return { x: 0.1, y: 0.1 };
  return { x: round(clamp(last.x + 0.03, 0, 1 - size.width)), y: round(clamp(last.y + 0.03, 0, 1 - size.height)) };
}
const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));
const round = (value: number) => Math.round(value * 10_000) / 10_000;
const select = "min-h-10 rounded-md border border-zinc-300 bg-white px-3 text-sm";
let counter = 0;

/**
 * Where each signer signs, initials or fills a field (issue 16): the owner places boxes over the
 * page images (no PDF viewer), drags them with the pointer, resizes them from the corner, and
 * with a box focused moves it with the arrow keys (Shift: resizes; Delete: removes). Positions
 * are fractions of the page. Saved all at once (saveSignaturePlaceholders).
 */
export function PlacementEditor({ documentId, signers, canEdit }: { documentId: string; signers: Signer[]; canEdit: boolean }) {
  const t = useTranslations("signing.panel");
  const ts = useTranslations("signing.sign");
  const action = useAction();
  const [pageCount, setPageCount] = useState<number | null | undefined>(undefined);
  const [page, setPage] = useState(1);
  const [boxes, setBoxes] = useState<Box[]>([]);
  const [chosenSigner, setSignerId] = useState(signers[0]?.id ?? "");
  // The chosen signer, or the first one when the chosen one was removed.
  const signerId = signers.some((s) => s.id === chosenSigner) ? chosenSigner : (signers[0]?.id ?? "");
  const [fieldName, setFieldName] = useState("");
  const [fieldType, setFieldType] = useState<(typeof FIELD_TYPES)[number]>("text");
  const [saved, setSaved] = useState(false);
  const area = useRef<HTMLDivElement>(null);
  const gesture = useRef<{ key: string; mode: "move" | "resize"; x: number; y: number; box: Box } | null>(null);

  useEffect(() => {
    callOperation(documentPageCountOp, { id: documentId })
      .then((r) => setPageCount(r.pageCount))
      .catch(() => setPageCount(null));
    callOperation(signaturePlaceholdersOp, { documentId })
      .then((rows) =>
        setBoxes(
          rows.map((row) => ({
            key: `b${counter++}`,
            signatureId: row.signatureId ?? "",
            keyName: row.keyName,
            kind: row.kind,
            fieldType: (row.fieldType ?? undefined) as Box["fieldType"],
            required: row.required,
            page: row.page,
            x: row.x,
            y: row.y,
            width: row.width,
            height: row.height,
          })),
        ),
      )
      .catch(() => undefined);
  }, [documentId]);

  const update = (key: string, change: (box: Box) => Partial<Box>) => {
    setSaved(false);
    setBoxes((all) => all.map((box) => (box.key === key ? { ...box, ...change(box) } : box)));
  };
  const place = (box: Box, x: number, y: number) => ({ x: round(clamp(x, 0, 1 - box.width)), y: round(clamp(y, 0, 1 - box.height)) });
  const resize = (box: Box, width: number, height: number) => ({
    width: round(clamp(width, 0.02, 1 - box.x)),
    height: round(clamp(height, 0.02, 1 - box.y)),
  });

  function add(kind: Kind) {
    if (!signerId || (kind === "field" && !fieldName.trim())) return;
    const size = SIZES[kind];
    const box: Box = {
      key: `b${counter++}`,
      signatureId: signerId,
      kind,
      keyName: kind === "field" ? fieldName.trim() : kind,
      page,
      ...freeSpot(
        boxes.filter((b) => b.page === page),
        size,
      ),
      required: true,
      ...size,
      ...(kind === "field" ? { fieldType } : {}),
    };
    setSaved(false);
    setBoxes((all) => [...all, box]);
  }

  function onPointerDown(event: PointerEvent<HTMLElement>, box: Box, mode: "move" | "resize") {
    if (!canEdit) return;
    event.stopPropagation();
    event.currentTarget.setPointerCapture(event.pointerId);
    gesture.current = { key: box.key, mode, x: event.clientX, y: event.clientY, box };
  }
  function onPointerMove(event: PointerEvent<HTMLElement>) {
    const current = gesture.current;
    if (!current || !area.current) return;
    const rect = area.current.getBoundingClientRect();
    const dx = (event.clientX - current.x) / rect.width;
    const dy = (event.clientY - current.y) / rect.height;
    const start = current.box;
    update(current.key, (box) =>
      current.mode === "move" ? place(box, start.x + dx, start.y + dy) : resize(box, start.width + dx, start.height + dy),
    );
  }
  function onKeyDown(event: KeyboardEvent<HTMLElement>, box: Box) {
    if (!canEdit) return;
    if (event.key === "Delete" || event.key === "Backspace") {
      event.preventDefault();
      setBoxes((all) => all.filter((b) => b.key !== box.key));
      return;
    }
    const delta = { ArrowLeft: [-STEP, 0], ArrowRight: [STEP, 0], ArrowUp: [0, -STEP], ArrowDown: [0, STEP] }[event.key];
    if (!delta) return;
    event.preventDefault();
    update(box.key, (b) =>
      event.shiftKey ? resize(b, b.width + delta[0], b.height + delta[1]) : place(b, b.x + delta[0], b.y + delta[1]),
    );
  }

  async function save() {
    const placeholders = boxes.map((box) => Object.fromEntries(Object.entries(box).filter(([name]) => name !== "key")) as Omit<Box, "key">);
    if (await action.run(() => callOperation(saveSignaturePlaceholdersOp, { documentId, placeholders }), "saved", "updateError"))
      setSaved(true);
  }

  const signerName = (id: string) => {
    const s = signers.find((signer) => signer.id === id);
    return s ? `${s.firstName} ${s.lastName}`.trim() || s.email : "";
  };
  const colourOf = (id: string) =>
    SIGNER_COLOURS[
      Math.max(
        0,
        signers.findIndex((s) => s.id === id),
      ) % SIGNER_COLOURS.length
    ]!;
  const kindLabel = (box: Box) =>
    box.kind === "signature" ? ts("boxSignature") : box.kind === "initials" ? ts("boxInitials") : box.keyName;
  const onPage = boxes.filter((box) => box.page === page);

  return (
    <section aria-labelledby="placement-title" className="flex flex-col gap-3">
      <h3 id="placement-title" className="text-sm font-semibold text-zinc-900">
        {t("placement")}
      </h3>
      {action.error && <Alert tone="error">{action.error}</Alert>}
      {pageCount === null && <p className="text-sm text-zinc-600">{t("noPages")}</p>}
      {signers.length === 0 && <p className="text-sm text-zinc-600">{t("addSignerFirst")}</p>}
      {pageCount && signers.length > 0 && (
        <>
          <p className="text-sm text-zinc-600">{t("placementHint")}</p>
          <ul className="flex flex-wrap gap-3 text-xs text-zinc-700" data-testid="placement-legend">
            {signers.map((s) => (
              <li key={s.id} className="flex items-center gap-1.5">
                <span
                  aria-hidden
                  className="inline-block h-3 w-3 rounded-sm border-2"
                  style={{ borderColor: colourOf(s.id).border, background: colourOf(s.id).background }}
                />
                {signerName(s.id)}
              </li>
            ))}
          </ul>
          {canEdit && (
            <div className="flex flex-wrap items-end gap-2">
              <label className="flex flex-col gap-1 text-sm font-medium text-zinc-800">
                {t("boxFor")}
                <select className={select} value={signerId} onChange={(e) => setSignerId(e.target.value)}>
                  {signers.map((s) => (
                    <option key={s.id} value={s.id}>
                      {signerName(s.id)}
                    </option>
                  ))}
                </select>
              </label>
              <Button variant="secondary" onClick={() => add("signature")}>
                {t("addSignatureBox")}
              </Button>
              <Button variant="secondary" onClick={() => add("initials")}>
                {t("addInitialsBox")}
              </Button>
              <label className="flex flex-col gap-1 text-sm font-medium text-zinc-800">
                {t("fieldName")}
                <input className={select} value={fieldName} maxLength={LIMITS.personName} onChange={(e) => setFieldName(e.target.value)} />
              </label>
              <label className="flex flex-col gap-1 text-sm font-medium text-zinc-800">
                {t("fieldType")}
                <select className={select} value={fieldType} onChange={(e) => setFieldType(e.target.value as typeof fieldType)}>
                  {FIELD_TYPES.map((type) => (
                    <option key={type} value={type}>
                      {t(`fieldTypes.${type}`)}
                    </option>
                  ))}
                </select>
              </label>
              <Button variant="secondary" onClick={() => add("field")} disabled={!fieldName.trim()}>
                {t("addFieldBox")}
              </Button>
            </div>
          )}
          <label className="flex items-center gap-2 text-sm">
            <span className="sr-only">{t("page", { page })}</span>
            <select className={select} value={page} onChange={(e) => setPage(Number(e.target.value))}>
              {Array.from({ length: pageCount }, (_, i) => i + 1).map((n) => (
                <option key={n} value={n}>
                  {t("page", { page: n })}
                </option>
              ))}
            </select>
          </label>
          <div
            ref={area}
            className="relative max-w-xl touch-none select-none overflow-hidden rounded border border-zinc-200 bg-white"
            onPointerMove={onPointerMove}
            onPointerUp={() => (gesture.current = null)}
            onPointerCancel={() => (gesture.current = null)}
          >
            {/* eslint-disable-next-line @next/next/no-img-element -- a page image from our own route */}
            <img
              src={operationHref(documentPageImageOp, { id: documentId, page })}
              alt={ts("pageAlt", { page, count: pageCount })}
              className="block h-auto w-full"
              draggable={false}
            />
            {onPage.map((box) => (
              <div
                key={box.key}
                role="button"
                tabIndex={0}
                data-testid={`placement-${box.kind}`}
                data-signer={box.signatureId}
                aria-label={t("boxLabel", { kind: kindLabel(box), signer: signerName(box.signatureId), page: box.page })}
                onPointerDown={(e) => onPointerDown(e, box, "move")}
                onKeyDown={(e) => onKeyDown(e, box)}
                className="absolute cursor-move rounded border-2 text-[10px] font-medium leading-tight focus:outline-none focus:ring-2 focus:ring-zinc-900"
                style={{
                  left: `${box.x * 100}%`,
                  top: `${box.y * 100}%`,
                  width: `${box.width * 100}%`,
                  height: `${box.height * 100}%`,
                  borderColor: colourOf(box.signatureId).border,
                  // The page shows through a little (the tint's alpha), the label stays readable.
                  background: `${colourOf(box.signatureId).background}d9`,
                  color: colourOf(box.signatureId).text,
                }}
              >
                <span className="block truncate px-1">
                  {kindLabel(box)} · {signerName(box.signatureId)}
                </span>
                {canEdit && (
                  <span
                    aria-hidden
                    onPointerDown={(e) => onPointerDown(e, box, "resize")}
                    className="absolute -bottom-1.5 -right-1.5 h-4 w-4 cursor-se-resize rounded-full border-2 border-white"
                    style={{ background: colourOf(box.signatureId).border }}
                  />
                )}
              </div>
            ))}
          </div>
          {canEdit && (
            <div className="flex items-center gap-3">
              <Button onClick={save} busy={action.busy}>
                {t("savePlacement")}
              </Button>
              {saved && (
                <span role="status" className="text-sm text-green-700">
                  {t("saved")}
                </span>
              )}
            </div>
          )}
        </>
      )}
    </section>
  );
}
