"use client";

import { useTranslations } from "@/lib/i18n/client";
import { useCallback, useId, useState } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { ContextMenu } from "@/components/ui/context-menu";
import { useAction } from "@/components/ui/use-action";
import { useErrorAlert } from "@/components/ui/use-error-alert";
import { ApiError } from "@/lib/client/api";
import { callOperation, type OperationOutput } from "@/lib/client/operations";
import { cardErrorKey, type ConfirmCardSetup } from "./card-errors";
import { CardField } from "./card-field";
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
                    // Spec section 8: a failed default change shows the generic save-error texts.
                    onSelect: () => run(() => callOperation(setDefaultPaymentMethodOp, { id: card.id }), "saved", "updateError"),
                  },
                ]),
            {
              label: t("delete"),
              danger: true,
              onSelect: () =>
                run(() => callOperation(deletePaymentMethodOp, { id: card.id }), null, {
                  title: "deleteError",
                  description: t("deletingErrorDescription"),
                }),
            },
          ]}
        />
      )}
    </li>
  );
}

/**
 * The add-card form (spec section 4): the card field, Add (disabled until a valid token exists).
 * A card that needs its holder is confirmed with Stripe's library when the field is Stripe's, or
 * through the offline provider's confirm step; a refusal shows its message by decline code.
 */
function AddCardForm({ onDone, cancellable, publishableKey }: { onDone: () => void; cancellable: boolean; publishableKey: string | null }) {
  const t = useTranslations("billing");
  const ta = useTranslations("alerts");
  const alertError = useErrorAlert();
  const [token, setToken] = useState<string | null>(null);
  const [confirmer, setConfirmer] = useState<ConfirmCardSetup | null>(null);
  const [pending, setPending] = useState<Card | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const { run, busy } = useAction();
  const onToken = useCallback((value: string | null) => setToken(value), []);
  const onConfirmer = useCallback((confirm: ConfirmCardSetup | null) => setConfirmer(() => confirm), []);

  const declined = (code?: string | null, declineCode?: string | null) => {
    const key = cardErrorKey({ code, declineCode }, (k) => t.has(k));
    return key ? t(key as "cardErrors.card_declined") : t("cardErrors.card_declined");
  };
  /** A refused card's message beneath the field; anything else is the generic "Creating error" alert. */
  const failed = (error: unknown) => {
    if (error instanceof ApiError && error.code === "CARD_DECLINED")
      setFailure(declined(error.details?.code as string | undefined, error.details?.declineCode as string | undefined));
    else alertError(error, ta("createError"));
  };

  /** Saves a card the holder confirmed (our side of the setup), then the form closes. */
  async function confirm(card: Card) {
    setFailure(null);
    try {
      await callOperation(confirmPaymentMethodOp, { id: card.id });
      await run(async () => card, "added", "createError");
      onDone();
    } catch (error) {
      setPending(null);
      failed(error);
    }
  }

  async function add() {
    if (!token) return;
    setFailure(null);
    try {
      const card = await callOperation(createPaymentMethodOp, { tokenId: token });
      const secret = card.metadata.clientSecret;
      if (!secret) await run(async () => card, "added", "createError").then(onDone);
      else if (confirmer) {
        // Stripe shows the bank's own confirmation (3-D Secure), then our side is saved.
        const refused = await confirmer(secret);
        if (refused) setFailure(declined(refused.code, refused.declineCode));
        else await confirm(card);
      } else setPending(card);
    } catch (error) {
      failed(error);
    }
  }

  if (pending)
    return (
      <div className="flex flex-col gap-3 rounded-md border border-zinc-200 p-4" data-testid="confirm-card">
        <p className="text-sm">{t("confirmCardText", { digits: pending.lastDigits })}</p>
        {failure && <Alert tone="error">{failure}</Alert>}
        <div className="flex gap-2">
          <Button onClick={() => confirm(pending)} busy={busy}>
            {t("confirmCard")}
          </Button>
        </div>
      </div>
    );

  return (
    <div className="flex flex-col gap-3 rounded-md border border-zinc-200 p-4">
      <h3 className="text-sm font-semibold">{t("addNewPaymentMethod")}</h3>
      <CardField publishableKey={publishableKey} onToken={onToken} onConfirmer={onConfirmer} />
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
export function PaymentMethodsCard({ cards, publishableKey = null }: { cards: Card[]; publishableKey?: string | null }) {
  const t = useTranslations("billing");
  // The card shows on the page and again inside checkout: its heading's id is its own.
  const titleId = useId();
  const empty = cards.length === 0;
  // The form shows by itself when there is no card (spec section 2).
  const [adding, setAdding] = useState(empty);
  return (
    <section className="flex flex-col gap-4 rounded-lg border border-zinc-200 bg-white p-6" aria-labelledby={titleId}>
      <div className="flex flex-wrap items-center justify-between gap-2">
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
      {adding && <AddCardForm onDone={() => setAdding(false)} cancellable={!empty} publishableKey={publishableKey} />}
    </section>
  );
}
