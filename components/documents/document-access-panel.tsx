"use client";

import { useFormatter, useTranslations } from "next-intl";
import { useCallback, useEffect, useId, useMemo, useState, type FormEvent } from "react";
import { useErrorText } from "@/components/auth/use-error-text";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { ConfirmModal } from "@/components/ui/confirm-modal";
import { useNotify } from "@/components/ui/notifications";
import { TextField } from "@/components/ui/text-field";
import { ApiError } from "@/lib/client/api";
import { callOperation } from "@/lib/client/operations";

const ROLES = ["reader", "commenter", "reviewer", "editor", "owner"] as const;
type Role = (typeof ROLES)[number];
/** Editors give reader … editor; only owners give owner (docs/permissions.md). */
const EDITOR_ROLES = ROLES.slice(0, 4);

/** A policy as findDocumentPolicies returns it, after the trip to the browser (dates as strings or Dates). */
export type AccessPolicy = {
  id: string;
  userId: string;
  role: Role;
  status: "active" | "requested" | "refused";
  inAccount: boolean;
  accessedAt: string | Date | null;
  createdAt: string | Date;
  user: { id: string; name: string; email: string; avatar?: string | null };
};

export type AccessMember = { id: string; name: string; email: string };

/** A personal link as the operation personalLinks lists it: someone outside the workspace. */
export type PersonalLink = {
  id: string;
  email: string;
  role: Role;
  expiredAt: string | null;
  isExpired: boolean;
  accessedAt: string | null;
};

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
  const tr = useTranslations("documents.roles");
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
      setPolicies(await callOperation("policies", { id: documentId }));
      setLoadFailed(false);
    } catch {
      setLoadFailed(true);
    }
  }

  /** The personal links are listed to editors only (like every link), so only they load them. */
  const reloadPersonal = useCallback(async () => {
    if (!canShare) return;
    try {
      setPersonal(await callOperation("personalLinks", { id: documentId }));
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

  const upsert = (userId: string, role: Role) => callOperation("upsertPolicy", { id: documentId, userId, role });
  const changeRole = (policy: AccessPolicy, role: Role) => act(() => upsert(policy.userId, role), "updated", "updateError");
  const answer = (policy: AccessPolicy, accept: boolean, role: Role) =>
    act(() => callOperation("answerAccessRequest", { policyId: policy.id, accept, ...(accept ? { role } : {}) }), "updated", "updateError");

  async function remove(policy: AccessPolicy) {
    setRemoving(null);
    await act(() => callOperation("deletePolicy", { policyId: policy.id }), "updated", "deleteError");
  }

  /** Shares by address: a colleague gets a policy, anyone else a personal link (or a refusal naming the setting). */
  async function shareByEmail(email: string, role: Role): Promise<boolean> {
    setBusy(true);
    try {
      const result = await callOperation("shareDocumentWithPerson", { id: documentId, email, role });
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
      await callOperation("deleteLink", { linkId: link.id });
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
    await act(() => callOperation("transferDocumentOwnership", { id: documentId, userId: policy.userId }), "updated", "updateError");
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
            <li key={policy.id} className="flex flex-wrap items-center gap-3 px-4 py-3" data-testid="document-access-row">
              <div className="min-w-0 flex-1">
                <p className="flex flex-wrap items-center gap-2 font-medium">
                  <span className="break-words">{policy.user.name}</span>
                  {!policy.inAccount && (
                    <span className="rounded-full bg-zinc-100 px-2 py-0.5 text-xs text-zinc-600">{t("notMember")}</span>
                  )}
                </p>
                <p className="mt-0.5 flex flex-wrap gap-x-4 text-sm text-zinc-600">
                  <span className="break-all">{policy.user.email}</span>
                  <span>
                    {t("lastAccess")}: {policy.accessedAt ? when(policy.accessedAt) : t("never")}
                  </span>
                </p>
              </div>
              {canEdit(policy) ? (
                <select
                  aria-label={t("roleOf", { name: policy.user.name })}
                  value={policy.role}
                  disabled={busy}
                  onChange={(e) => void changeRole(policy, e.target.value as Role)}
                  className="min-h-10 rounded-md border border-zinc-300 bg-white px-3 text-sm"
                >
                  {(grantable.includes(policy.role) ? grantable : [...grantable, policy.role]).map((role) => (
                    <option key={role} value={role}>
                      {tr(role)}
                    </option>
                  ))}
                </select>
              ) : (
                <span className="rounded-full bg-brand-50 px-2 py-0.5 text-xs text-brand-700">{tr(policy.role)}</span>
              )}
              {canManage && policy.role !== "owner" && policy.inAccount && (
                <Button variant="secondary" disabled={busy} onClick={() => setTransferring(policy)}>
                  {t("makeOwner")}
                </Button>
              )}
              {canEdit(policy) && (
                <Button variant="secondary" disabled={busy} onClick={() => setRemoving(policy)}>
                  {t("remove")}
                </Button>
              )}
            </li>
          ))}
        </ul>
      )}

      {canShare && personalFailed && <Alert tone="error">{t("external.loadError")}</Alert>}
      {canShare && personal.length > 0 && (
        <section aria-labelledby={`${ids}-external`} className="flex flex-col gap-2">
          <div>
            <h3 id={`${ids}-external`} className="font-semibold">
              {t("external.title")}
            </h3>
            <p className="text-sm text-zinc-600">{t("external.intro")}</p>
          </div>
          <ul className="divide-y divide-zinc-100 rounded-lg border border-zinc-200 bg-white" aria-label={t("external.title")}>
            {personal.map((link) => (
              <li key={link.id} className="flex flex-wrap items-center gap-3 px-4 py-3" data-testid="document-access-external">
                <div className="min-w-0 flex-1">
                  <p className="break-all font-medium">{link.email}</p>
                  <p className="mt-0.5 flex flex-wrap gap-x-4 text-sm text-zinc-600">
                    {link.isExpired ? (
                      <span className="rounded-full bg-zinc-100 px-2 py-0.5 text-xs text-zinc-600">{t("external.expired")}</span>
                    ) : (
                      link.expiredAt && (
                        <span>{t("external.until", { date: format.dateTime(new Date(link.expiredAt), { dateStyle: "medium" }) })}</span>
                      )
                    )}
                    <span>
                      {t("lastAccess")}: {link.accessedAt ? when(link.accessedAt) : t("never")}
                    </span>
                  </p>
                </div>
                <span className="rounded-full bg-brand-50 px-2 py-0.5 text-xs text-brand-700">{tr(link.role)}</span>
                <Button variant="secondary" disabled={busy} onClick={() => setUnlinking(link)}>
                  {t("external.remove")}
                </Button>
              </li>
            ))}
          </ul>
        </section>
      )}

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

/** Member select + role select; the role list is what the caller may give. */
function AddColleagueForm({
  candidates,
  roles,
  busy,
  hint,
  onAdd,
}: {
  candidates: AccessMember[];
  roles: readonly Role[];
  busy: boolean;
  hint: string | null;
  onAdd: (userId: string, role: Role) => Promise<boolean>;
}) {
  const t = useTranslations("documentAccess.add");
  const ids = useId();
  const [userId, setUserId] = useState("");
  const [role, setRole] = useState<Role>("reader");

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!userId) return;
    if (await onAdd(userId, role)) setUserId("");
  }

  if (candidates.length === 0) return <p className="text-sm text-zinc-500">{t("noMembers")}</p>;
  return (
    <form
      onSubmit={submit}
      aria-labelledby={`${ids}-title`}
      className="flex flex-col gap-3 rounded-lg border border-zinc-200 bg-zinc-50 p-4"
    >
      <h3 id={`${ids}-title`} className="font-semibold">
        {t("title")}
      </h3>
      <div className="flex flex-wrap items-end gap-3">
        <div className="flex min-w-56 flex-1 flex-col gap-1">
          <label htmlFor={`${ids}-member`} className="text-sm font-medium text-zinc-700">
            {t("member")}
          </label>
          <select
            id={`${ids}-member`}
            required
            value={userId}
            onChange={(e) => setUserId(e.target.value)}
            className="min-h-10 rounded-md border border-zinc-300 bg-white px-3 text-sm"
          >
            <option value="">{t("choose")}</option>
            {candidates.map((member) => (
              <option key={member.id} value={member.id}>
                {member.name === member.email ? member.email : `${member.name} (${member.email})`}
              </option>
            ))}
          </select>
        </div>
        <RoleField
          id={`${ids}-role`}
          label={t("role")}
          roles={roles}
          value={role}
          onChange={setRole}
          describedBy={hint ? `${ids}-hint` : undefined}
        />
        <Button type="submit" busy={busy} disabled={!userId}>
          {t("submit")}
        </Button>
      </div>
      {hint && (
        <p id={`${ids}-hint`} className="text-xs text-zinc-500">
          {hint}
        </p>
      )}
    </form>
  );
}

/** A labelled choice of document role, in the interface language. */
function RoleField({
  id,
  label,
  roles,
  value,
  onChange,
  describedBy,
}: {
  id: string;
  label: string;
  roles: readonly Role[];
  value: Role;
  onChange: (role: Role) => void;
  describedBy?: string;
}) {
  const tr = useTranslations("documents.roles");
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-sm font-medium text-zinc-700">
        {label}
      </label>
      <select
        id={id}
        value={value}
        onChange={(e) => onChange(e.target.value as Role)}
        aria-describedby={describedBy}
        className="min-h-10 rounded-md border border-zinc-300 bg-white px-3 text-sm"
      >
        {roles.map((r) => (
          <option key={r} value={r}>
            {tr(r)}
          </option>
        ))}
      </select>
    </div>
  );
}

/** An address and a role: a colleague gets the role, anyone else a personal link (when allowed). */
function ShareByEmailForm({
  roles,
  busy,
  onShare,
}: {
  roles: readonly Role[];
  busy: boolean;
  onShare: (email: string, role: Role) => Promise<boolean>;
}) {
  const t = useTranslations("documentAccess.external");
  const ids = useId();
  const [email, setEmail] = useState("");
  const [role, setRole] = useState<Role>("reader");

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!email.trim()) return;
    if (await onShare(email.trim(), role)) setEmail("");
  }

  return (
    <form
      onSubmit={submit}
      aria-labelledby={`${ids}-title`}
      className="flex flex-col gap-3 rounded-lg border border-zinc-200 bg-zinc-50 p-4"
      data-testid="share-by-email"
    >
      <h3 id={`${ids}-title`} className="font-semibold">
        {t("formTitle")}
      </h3>
      <div className="flex flex-wrap items-end gap-3">
        <TextField
          label={t("email")}
          name="email"
          type="email"
          autoComplete="off"
          required
          maxLength={254}
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          className="min-w-56 flex-1"
        />
        <RoleField id={`${ids}-role`} label={t("role")} roles={roles} value={role} onChange={setRole} />
        <Button type="submit" busy={busy} disabled={!email.trim()}>
          {t("submit")}
        </Button>
      </div>
      <p className="text-xs text-zinc-500">{t("hint")}</p>
    </form>
  );
}

/** A pending request: who asked and when, the role to give, Accept or Refuse. */
function RequestRow({
  request,
  busy,
  askedOn,
  onAnswer,
}: {
  request: AccessPolicy;
  busy: boolean;
  askedOn: string;
  onAnswer: (accept: boolean, role: Role) => void;
}) {
  const t = useTranslations("documentAccess.requests");
  const tr = useTranslations("documents.roles");
  const [role, setRole] = useState<Role>("reader");
  return (
    <li className="flex flex-wrap items-center gap-3 px-4 py-3" data-testid="document-access-request">
      <div className="min-w-0 flex-1">
        <p className="break-words font-medium">{request.user.name}</p>
        <p className="text-sm text-zinc-600">
          <span className="break-all">{request.user.email}</span> · {askedOn}
        </p>
      </div>
      <select
        aria-label={t("roleFor", { name: request.user.name })}
        value={role}
        onChange={(e) => setRole(e.target.value as Role)}
        className="min-h-10 rounded-md border border-zinc-300 bg-white px-3 text-sm"
      >
        {ROLES.map((r) => (
          <option key={r} value={r}>
            {tr(r)}
          </option>
        ))}
      </select>
      <Button disabled={busy} onClick={() => onAnswer(true, role)}>
        {t("accept")}
      </Button>
      <Button variant="secondary" disabled={busy} onClick={() => onAnswer(false, role)}>
        {t("refuse")}
      </Button>
    </li>
  );
}
