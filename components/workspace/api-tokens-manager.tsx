"use client";

import { OPENAPI_HREF } from "@/lib/client/public-api-links";
import { useTranslations } from "@/lib/i18n/client";
import { useState, type FormEvent } from "react";
import { Button } from "@/components/ui/button";
import { ConfirmFor } from "@/components/ui/confirm-modal";
import { useNotify } from "@/components/ui/notifications";
import { TextField } from "@/components/ui/text-field";
import { useAction } from "@/components/ui/use-action";
import { callOperation } from "@/lib/client/operations";
import { useFormat } from "@/lib/i18n/use-format";
import { createTokenOp, deleteTokenOp } from "@/lib/operations/routes/token";
import { LIMITS } from "@/lib/validation/limits";

export type ApiTokenRow = {
  id: string;
  name: string;
  keyPrefix: string;
  active: boolean;
  createdAt: string;
  used: number;
  usedAt: string | null;
};

/**
 * The workspace's API tokens (operations tokens, createToken, deleteToken): list, create — the key is shown this
 * once, with a copy button — and revoke after a confirmation.
 */
export function ApiTokensManager({ tokens }: { tokens: ApiTokenRow[] }) {
  const t = useTranslations("apiTokens");
  const ta = useTranslations("alerts");
  const format = useFormat();
  const notify = useNotify();
  const { run, busy } = useAction();
  const [name, setName] = useState("");
  const [created, setCreated] = useState<{ name: string; key: string } | null>(null);
  const [revoking, setRevoking] = useState<ApiTokenRow | null>(null);

  const when = (value: string) => format.dateTime(value);

  async function create(event: FormEvent) {
    event.preventDefault();
    const token = await run(() => callOperation(createTokenOp, { name }), "added", "createError");
    if (!token) return;
    setCreated({ name: token.name, key: token.key });
    setName("");
  }

  async function revoke(token: ApiTokenRow) {
    await run(() => callOperation(deleteTokenOp, { id: token.id }), "updated", "deleteError");
  }

  async function copy(key: string) {
    try {
      await navigator.clipboard.writeText(key);
      notify({ tone: "success", title: ta("copied") });
    } catch {
      // No clipboard (an insecure page, a refused permission): the key stays selectable in the box.
      notify({ tone: "error", title: ta("copyFailed") });
    }
  }

  return (
    <section aria-labelledby="api-tokens-title" className="flex flex-col gap-6">
      <div>
        <h2 id="api-tokens-title" className="text-lg font-semibold">
          {t("title")}
        </h2>
        <p className="text-zinc-600">{t("intro")}</p>
        <p className="text-sm text-zinc-600">
          {t("headerHint")}{" "}
          <a href={OPENAPI_HREF} target="_blank" rel="noreferrer" className="text-brand-700 underline">
            {t("docsLink")}
          </a>
        </p>
      </div>

      <form onSubmit={create} className="grid gap-3 rounded-lg border border-zinc-200 bg-white p-4 sm:grid-cols-[1fr_auto] sm:items-end">
        <TextField
          label={t("name")}
          hint={t("nameHint")}
          required
          maxLength={LIMITS.name}
          value={name}
          onChange={(e) => setName(e.target.value)}
        />
        <Button type="submit" busy={busy}>
          {t("create")}
        </Button>
      </form>

      {created && (
        <div role="status" className="flex flex-col gap-3 rounded-lg border border-emerald-200 bg-emerald-50 p-4" data-testid="new-token">
          <div>
            <p className="font-semibold text-emerald-900">{t("newKeyTitle", { name: created.name })}</p>
            <p className="text-sm text-emerald-900">{t("newKeyWarning")}</p>
          </div>
          <div className="flex flex-col gap-2 sm:flex-row">
            <label className="sr-only" htmlFor="new-token-key">
              {t("key")}
            </label>
            <input
              id="new-token-key"
              readOnly
              value={created.key}
              onFocus={(e) => e.target.select()}
              className="min-h-10 flex-1 rounded-md border border-emerald-300 bg-white px-3 py-2 font-mono text-sm"
            />
            <Button type="button" onClick={() => copy(created.key)}>
              {t("copy")}
            </Button>
            <Button type="button" variant="secondary" onClick={() => setCreated(null)}>
              {t("done")}
            </Button>
          </div>
        </div>
      )}

      {tokens.length === 0 ? (
        <p className="text-sm text-zinc-500">{t("empty")}</p>
      ) : (
        <div className="overflow-x-auto rounded-lg border border-zinc-200 bg-white">
          <table className="w-full text-left text-sm">
            <thead className="bg-zinc-50 text-zinc-600">
              <tr>
                <th scope="col" className="px-4 py-2 font-medium">
                  {t("name")}
                </th>
                <th scope="col" className="px-4 py-2 font-medium">
                  {t("key")}
                </th>
                <th scope="col" className="px-4 py-2 font-medium">
                  {t("created")}
                </th>
                <th scope="col" className="px-4 py-2 font-medium">
                  {t("uses")}
                </th>
                <th scope="col" className="px-4 py-2 font-medium">
                  {t("lastUsed")}
                </th>
                <th scope="col" className="px-4 py-2 font-medium">
                  {t("status")}
                </th>
                <th scope="col" className="px-4 py-2">
                  <span className="sr-only">{t("actions", { name: "" })}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {tokens.map((token) => (
                <tr key={token.id} className="border-t border-zinc-100" data-testid="token-row">
                  <td className="px-4 py-2 font-medium">{token.name}</td>
                  <td className="px-4 py-2 font-mono text-zinc-600">{token.keyPrefix}…</td>
                  <td className="px-4 py-2 text-zinc-600">{when(token.createdAt)}</td>
                  <td className="px-4 py-2 text-zinc-600 tabular-nums" data-testid="token-uses">
                    {format.number(token.used)}
                  </td>
                  <td className="px-4 py-2 text-zinc-600">{token.usedAt ? when(token.usedAt) : t("never")}</td>
                  <td className="px-4 py-2">
                    <span
                      className={`rounded-full px-2 py-0.5 text-xs ${token.active ? "bg-emerald-50 text-emerald-700" : "bg-zinc-100 text-zinc-600"}`}
                    >
                      {token.active ? t("active") : t("revoked")}
                    </span>
                  </td>
                  <td className="px-4 py-2">
                    <div className="flex justify-end" role="group" aria-label={t("actions", { name: token.name })}>
                      {token.active && (
                        <Button variant="ghost" className="text-red-700" disabled={busy} onClick={() => setRevoking(token)}>
                          {t("revoke")}
                        </Button>
                      )}
                    </div>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}

      <ConfirmFor
        target={revoking}
        title={t("revokeTitle")}
        message={(token) => t("confirmRevoke", { name: token.name })}
        confirmLabel={t("revoke")}
        onClose={() => setRevoking(null)}
        onConfirm={(token) => revoke(token)}
      />
    </section>
  );
}
