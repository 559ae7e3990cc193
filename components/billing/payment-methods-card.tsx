"use client";

import { useTranslations } from "next-intl";
import { useCallback, useId, useState } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { ContextMenu } from "@/components/ui/context-menu";
import { useAction } from "@/components/ui/use-action";
import { ApiError } from "@/lib/client/api";
import { callOperation, type OperationOutput } from "@/lib/client/operations";
import { LocalCardField } from "./local-card-field";
import {
  confirmPaymentMethodOp,
  createPaymentMethodOp,
  deletePaymentMethodOp,
  setDefaultPaymentMethodOp,
} from "@/lib/operations/routes/payment-method";

type Card = OperationOutput<"paymentMethods">[number];

/** Expiry as MM/YYYY. */
const expiry = (card: Card) => `${String(card.expirationMonth).padStart(2, "0")}/${card.expirationYear}`;

function CardRow({ card, menu }: { card: Card; menu: boolean }) {
  const t = useTranslations("billing");
  const { run } = useAction();
  return (
    <li
      className={`flex items-center gap-3 rounded-md border px-3 py-2 ${card.isExpired ? "border-red-200 bg-red-50" : "border-zinc-200"}`}
    >
      <span className="w-20 rounded bg-zinc-100 px-2 py-1 text-center text-xs font-semibold uppercase text-zinc-700" aria-hidden>
        {card.brand}
      </span>
      <span className="flex-1 text-sm">
        <span className="block font-medium">{t("endingWith", { digits: card.lastDigits })}</span>
        <span className={`text-xs ${card.isExpired ? "text-red-700" : "text-zinc-500"}`}>
          {card.isExpired ? t("expired", { date: expiry(card) }) : t("expires", { date: expiry(card) })}
        </span>
      </span>
      {card.default && <span className="rounded-full bg-brand-50 px-2 py-0.5 text-xs font-medium text-brand-700">{t("default")}</span>}
      {menu && (
        <ContextMenu
          label={t("cardMenu", { digits: card.lastDigits })}
          items={[
            ...(card.default
              ? []
              : [
                  {
                    label: t("defaultMethod"),
                    onSelect: () => run(() => callOperation(setDefaultPaymentMethodOp, { id: card.id }), "saved", "updateError"),
                  },
                ]),
            {
              label: t("delete"),
              danger: true,
              onSelect: () => run(() => callOperation(deletePaymentMethodOp, { id: card.id }), null, "deleteError"),
            },
          ]}
        />
      )}
    </li>
  );
}

/** The add-card form: the card field, Add (disabled until a valid token exists), and the confirm step of a card that needs one. */
function AddCardForm({ onDone, cancellable }: { onDone: () => void; cancellable: boolean }) {
  const t = useTranslations("billing");
  const [token, setToken] = useState<string | null>(null);
  const [pending, setPending] = useState<Card | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const { run, busy } = useAction();
  const onToken = useCallback((value: string | null) => setToken(value), []);

  const cardMessage = (error: unknown) => {
    if (!(error instanceof ApiError) || error.code !== "CARD_DECLINED") return null;
    const key = (error.details?.declineCode ?? error.details?.code) as string | undefined;
    return key && t.has(`cardErrors.${key}`) ? t(`cardErrors.${key}`) : t("cardErrors.card_declined");
  };

  async function add() {
    if (!token) return;
    setFailure(null);
    try {
      const card = await callOperation(createPaymentMethodOp, { tokenId: token });
      if (card.metadata.clientSecret) setPending(card);
      else await run(async () => card, "added", "createError").then(onDone);
    } catch (error) {
      setFailure(cardMessage(error) ?? t("cardErrors.card_declined"));
    }
  }

  async function confirm() {
    if (!pending) return;
    const done = await run(() => callOperation(confirmPaymentMethodOp, { id: pending.id }), "added", "createError");
    if (done) onDone();
  }

  if (pending)
    return (
      <div className="flex flex-col gap-3 rounded-md border border-zinc-200 p-4" data-testid="confirm-card">
        <p className="text-sm">{t("confirmCardText", { digits: pending.lastDigits })}</p>
        <div className="flex gap-2">
          <Button onClick={confirm} busy={busy}>
            {t("confirmCard")}
          </Button>
        </div>
      </div>
    );

  return (
    <div className="flex flex-col gap-3 rounded-md border border-zinc-200 p-4">
      <h3 className="text-sm font-semibold">{t("addNewPaymentMethod")}</h3>
      <LocalCardField onToken={onToken} />
      {failure && <Alert tone="error">{failure}</Alert>}
      <div className="flex gap-2">
        <Button onClick={add} disabled={!token} busy={busy}>
          {t("add")}
        </Button>
        {cancellable && (
          <Button variant="secondary" onClick={onDone}>
            {t("cancel")}
          </Button>
        )}
      </div>
    </div>
  );
}

/** The payment methods card (spec section 2): saved cards, or a blurred 4242 sample when there are none. */
export function PaymentMethodsCard({ cards }: { cards: Card[] }) {
  const t = useTranslations("billing");
  // The card shows on the page and again inside checkout: its heading's id is its own.
  const titleId = useId();
  const empty = cards.length === 0;
  // The form shows by itself when there is no card (spec section 2).
  const [adding, setAdding] = useState(empty);
  return (
    <section className="flex flex-col gap-4 rounded-lg border border-zinc-200 bg-white p-6" aria-labelledby={titleId}>
      <div className="flex items-center justify-between">
        <h2 id={titleId} className="text-lg font-semibold">
          {t("paymentMethods")}
        </h2>
        {!empty && !adding && (
          <Button variant="secondary" onClick={() => setAdding(true)}>
            {t("addNewPaymentMethod")}
          </Button>
        )}
      </div>
      {empty && (
        <div className="relative">
          <div className="pointer-events-none select-none blur-sm" aria-hidden>
            <div className="flex items-center gap-3 rounded-md border border-zinc-200 px-3 py-2">
              <span className="w-20 rounded bg-zinc-100 px-2 py-1 text-center text-xs font-semibold uppercase">visa</span>
              <span className="text-sm font-medium">{t("endingWith", { digits: "4242" })}</span>
            </div>
          </div>
          <div className="absolute inset-0 flex items-center justify-center">
            <Button onClick={() => setAdding(true)} disabled={adding}>
              {t("addPaymentMethod")}
            </Button>
          </div>
        </div>
      )}
      {!empty && (
        <ul className="flex flex-col gap-2">
          {cards.map((card) => (
            <CardRow key={card.id} card={card} menu={cards.length > 1} />
          ))}
        </ul>
      )}
      {adding && <AddCardForm onDone={() => setAdding(false)} cancellable={!empty} />}
    </section>
  );
}
