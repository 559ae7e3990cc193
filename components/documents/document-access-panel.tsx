"use client";

import { useFormatter, useTranslations } from "@/lib/i18n/client";
import { useCallback, useEffect, useId, useMemo, useState } from "react";
import { useErrorText } from "@/components/auth/use-error-text";
import { Alert } from "@/components/ui/alert";
import { ConfirmModal } from "@/components/ui/confirm-modal";
import { useNotify } from "@/components/ui/notifications";
import { ApiError } from "@/lib/client/api";
import { callOperation } from "@/lib/client/operations";
import { AddColleagueForm } from "./document-access-add-colleague";
import { PersonalLinksSection } from "./document-access-personal-links";
import { PolicyRow } from "./document-access-policy-row";
import { RequestRow } from "./document-access-request-row";
import { ShareByEmailForm } from "./document-access-share-by-email";
import { EDITOR_ROLES, ROLES, type AccessMember, type AccessPolicy, type PersonalLink, type Role } from "./document-access-types";
import { deleteLinkOp } from "@/lib/operations/routes/link";
import {
  answerAccessRequestOp,
  deletePolicyOp,
  personalLinksOp,
  policiesOp,
  shareDocumentWithPersonOp,
  transferDocumentOwnershipOp,
  upsertPolicyOp,
} from "@/lib/operations/routes/policy";

export type { AccessMember, AccessPolicy, PersonalLink } from "./document-access-types";

type AlertKey = "added" | "updated";
type ErrorKey = "createError" | "updateError" | "deleteError";

/**
 * The document's "people with access" tab (spec DocumentPolicy): who has which role and when they
 * last opened it, adding a colleague, changing or removing a role, handing over ownership, and
 * the pending access requests; sharing by email address, which gives people outside the
 * workspace a personal link when the workspace setting allows it (lib/documents/share-with-person.ts),
 * and those people's links. What each person may do is decided by the server; `canManage`
 * (owner) and `canShare` (editor) only choose which controls to show.
 */
export function DocumentAccessPanel({
  documentId,
  canManage,
  canShare,
  members,
  policies: initialPolicies,
}: {
  documentId: string;
  canManage: boolean;
  canShare: boolean;
  members: AccessMember[];
  policies: AccessPolicy[];
}) {
  const t = useTranslations("documentAccess");
  const ta = useTranslations("alerts");
  const tw = useTranslations("workspace");
  const format = useFormatter();
  const errorText = useErrorText();
  const notify = useNotify();
  const ids = useId();
  const [policies, setPolicies] = useState(initialPolicies);
  const [loadFailed, setLoadFailed] = useState(false);
  const [busy, setBusy] = useState(false);
  const [removing, setRemoving] = useState<AccessPolicy | null>(null);
  const [transferring, setTransferring] = useState<AccessPolicy | null>(null);
  const [personal, setPersonal] = useState<PersonalLink[]>([]);
  const [personalFailed, setPersonalFailed] = useState(false);
  const [unlinking, setUnlinking] = useState<PersonalLink | null>(null);

  const active = policies.filter((p) => p.status === "active");
  const requests = canManage ? policies.filter((p) => p.status === "requested") : [];
  const grantable: readonly Role[] = canManage ? ROLES : EDITOR_ROLES;
  const withPolicy = useMemo(() => new Set(policies.filter((p) => p.status !== "refused").map((p) => p.userId)), [policies]);
  const candidates = members.filter((m) => !withPolicy.has(m.id));

  async function reload() {
    try {
      setPolicies(await callOperation(policiesOp, { id: documentId }));
      setLoadFailed(false);
    } catch {
      setLoadFailed(true);
    }
  }

  /** The personal links are listed to editors only (like every link), so only they load them. */
  const reloadPersonal = useCallback(async () => {
    if (!canShare) return;
    try {
      setPersonal(await callOperation(personalLinksOp, { id: documentId }));
      setPersonalFailed(false);
    } catch {
      setPersonalFailed(true);
    }
  }, [canShare, documentId]);

  useEffect(() => {
    // The list comes from the server: fetched once the panel is in the browser (as share-links-panel.tsx does).
    // eslint-disable-next-line react-hooks/set-state-in-effect
    void reloadPersonal();
  }, [reloadPersonal]);

  /** Runs one call with the spec's success and error alerts, then reloads the list. */
  async function act(call: () => Promise<unknown>, success: AlertKey, failure: ErrorKey): Promise<boolean> {
    setBusy(true);
    try {
      await call();
      notify({ tone: "success", title: ta(success) });
      await reload();
      return true;
    } catch (error) {
      const guestLimit =
        error instanceof ApiError && (error.details?.fields as { code?: string }[] | undefined)?.some((f) => f.code === "guest_role");
      notify({ tone: "error", title: ta(failure), description: guestLimit ? t("guestRoleLimit") : errorText(error) });
      return false;
    } finally {
      setBusy(false);
    }
  }

  const upsert = (userId: string, role: Role) => callOperation(upsertPolicyOp, { id: documentId, userId, role });
  const changeRole = (policy: AccessPolicy, role: Role) => act(() => upsert(policy.userId, role), "updated", "updateError");
  const answer = (policy: AccessPolicy, accept: boolean, role: Role) =>
    act(() => callOperation(answerAccessRequestOp, { policyId: policy.id, accept, ...(accept ? { role } : {}) }), "updated", "updateError");

  async function remove(policy: AccessPolicy) {
    setRemoving(null);
    await act(() => callOperation(deletePolicyOp, { policyId: policy.id }), "updated", "deleteError");
  }

  /** Shares by address: a colleague gets a policy, anyone else a personal link (or a refusal naming the setting). */
  async function shareByEmail(email: string, role: Role): Promise<boolean> {
    setBusy(true);
    try {
      const result = await callOperation(shareDocumentWithPersonOp, { id: documentId, email, role });
      if (result.kind === "link") {
        const description = [
          t("external.sent", { email: result.link.email }),
          result.capped ? t("external.capped", { email: result.link.email }) : null,
        ]
          .filter(Boolean)
          .join(" ");
        notify({ tone: "success", title: ta("sent"), description });
        await reloadPersonal();
      } else {
        notify({ tone: "success", title: ta("added") });
        await reload();
      }
      return true;
    } catch (error) {
      const reason = error instanceof ApiError ? error.details?.reason : undefined;
      const guestLimit =
        error instanceof ApiError && (error.details?.fields as { code?: string }[] | undefined)?.some((f) => f.code === "guest_role");
      const description =
        reason === "externalSharingOff"
          ? t("external.disabled", { setting: tw("documentShareExternalAccountMembers") })
          : reason === "memberSuspended"
            ? t("external.suspended")
            : guestLimit
              ? t("guestRoleLimit")
              : errorText(error);
      notify({ tone: "error", title: ta("createError"), description });
      return false;
    } finally {
      setBusy(false);
    }
  }

  async function unlink(link: PersonalLink) {
    setUnlinking(null);
    setBusy(true);
    try {
      await callOperation(deleteLinkOp, { linkId: link.id });
      notify({ tone: "success", title: ta("updated") });
      await reloadPersonal();
    } catch (error) {
      notify({ tone: "error", title: ta("deleteError"), description: errorText(error) });
    } finally {
      setBusy(false);
    }
  }

  async function transfer(policy: AccessPolicy) {
    setTransferring(null);
    await act(() => callOperation(transferDocumentOwnershipOp, { id: documentId, userId: policy.userId }), "updated", "updateError");
  }

  const when = (value: string | Date) => format.dateTime(new Date(value), { dateStyle: "medium", timeStyle: "short" });
  /** Editors may change reader … editor rows; an owner's row only an owner. */
  const canEdit = (policy: AccessPolicy) => canShare && (policy.role !== "owner" || canManage);

  return (
    <section aria-labelledby={`${ids}-title`} className="flex flex-col gap-6">
      <div>
        <h2 id={`${ids}-title`} className="text-lg font-semibold">
          {t("title")}
        </h2>
        <p className="text-sm text-zinc-600">{t("intro")}</p>
      </div>

      {canShare && (
        <AddColleagueForm
          candidates={candidates}
          roles={grantable}
          busy={busy}
          hint={canManage ? null : t("add.editorHint")}
          onAdd={(userId, role) => act(() => upsert(userId, role), "added", "createError")}
        />
      )}
      {canShare && <ShareByEmailForm roles={grantable} busy={busy} onShare={shareByEmail} />}

      {requests.length > 0 && (
        <section aria-labelledby={`${ids}-requests`} className="flex flex-col gap-2">
          <div>
            <h3 id={`${ids}-requests`} className="font-semibold">
              {t("requests.title")}
            </h3>
            <p className="text-sm text-zinc-600">{t("requests.intro")}</p>
          </div>
          <ul className="divide-y divide-zinc-100 rounded-lg border border-amber-200 bg-amber-50/40">
            {requests.map((request) => (
              <RequestRow
                key={request.id}
                request={request}
                busy={busy}
                askedOn={t("requests.askedOn", { date: when(request.createdAt) })}
                onAnswer={(accept, role) => void answer(request, accept, role)}
              />
            ))}
          </ul>
        </section>
      )}

      {loadFailed && <Alert tone="error">{t("loadError")}</Alert>}
      {active.length === 0 ? (
        <p className="text-sm text-zinc-500">{t("empty")}</p>
      ) : (
        <ul className="divide-y divide-zinc-100 rounded-lg border border-zinc-200 bg-white" aria-label={t("title")}>
          {active.map((policy) => (
            <PolicyRow
              key={policy.id}
              policy={policy}
              roles={grantable}
              busy={busy}
              canEdit={canEdit(policy)}
              canTransfer={canManage && policy.role !== "owner" && policy.inAccount}
              when={when}
              onRole={(role) => void changeRole(policy, role)}
              onTransfer={() => setTransferring(policy)}
              onRemove={() => setRemoving(policy)}
            />
          ))}
        </ul>
      )}

      {canShare && personalFailed && <Alert tone="error">{t("external.loadError")}</Alert>}
      {canShare && personal.length > 0 && <PersonalLinksSection links={personal} busy={busy} when={when} onRemove={setUnlinking} />}

      <ConfirmModal
        open={unlinking !== null}
        title={t("external.remove")}
        message={unlinking ? t("external.confirmRemove", { email: unlinking.email }) : ""}
        confirmLabel={t("external.remove")}
        onCancel={() => setUnlinking(null)}
        onConfirm={() => unlinking && void unlink(unlinking)}
      />
      <ConfirmModal
        open={removing !== null}
        title={t("remove")}
        message={removing ? t("confirmRemove", { name: removing.user.name }) : ""}
        confirmLabel={t("remove")}
        onCancel={() => setRemoving(null)}
        onConfirm={() => removing && void remove(removing)}
      />
      <ConfirmModal
        open={transferring !== null}
        title={t("confirmTransferTitle")}
        message={transferring ? t("confirmTransfer", { name: transferring.user.name }) : ""}
        confirmLabel={t("makeOwner")}
        onCancel={() => setTransferring(null)}
        onConfirm={() => transferring && void transfer(transferring)}
      />
    </section>
  );
}
