"use client";

import Link from "next/link";
import { useFormatter, useTranslations } from "next-intl";
import { useRouter } from "next/navigation";
import { useState, type FormEvent } from "react";
import { useErrorText } from "@/components/auth/use-error-text";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { ConfirmFor, ConfirmModal } from "@/components/ui/confirm-modal";
import { ContextMenu } from "@/components/ui/context-menu";
import { Modal } from "@/components/ui/modal";
import { useNotify } from "@/components/ui/notifications";
import { TextField } from "@/components/ui/text-field";
import { ApiError } from "@/lib/client/api";
import { callOperation } from "@/lib/client/operations";
import type { Permission } from "@/lib/auth/permissions";
import { PERMISSION_GROUPS } from "./permission-groups";

export type RoleRow = { id: string; name: string; global: boolean; permissions: string[]; members: number };

type Draft = { id: string | null; name: string; permissions: string[] };
/** What the in-use alert names: one role (with its count) or the roles of a bulk delete. */
type InUse = { name: string; count: number } | { names: string[] };

const sameSet = (a: string[], b: string[]) => a.length === b.length && a.every((p) => b.includes(p));

/**
 * The workspace's roles (settings → Roles): the built-in five read-only, the workspace's own with
 * create, edit (name, permissions), delete and bulk delete. Only what `grantable` holds can be
 * given (the services refuse the rest), and a role someone holds is not deleted: ROLE_IN_USE is
 * explained in an alert that links to the Users page.
 */
export function RolesManager({ roles, grantable }: { roles: RoleRow[]; grantable: string[] }) {
  const t = useTranslations("accountRoles");
  const tr = useTranslations("roles");
  const ta = useTranslations("alerts");
  const tc = useTranslations("common");
  const format = useFormatter();
  const errorText = useErrorText();
  const notify = useNotify();
  const router = useRouter();
  const [draft, setDraft] = useState<Draft | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const [nameError, setNameError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const [deleting, setDeleting] = useState<RoleRow | null>(null);
  const [bulkDeleting, setBulkDeleting] = useState(false);
  const [selected, setSelected] = useState<string[]>([]);
  const [inUse, setInUse] = useState<InUse | null>(null);

  const builtIn = roles.filter((role) => role.global);
  const custom = roles.filter((role) => !role.global);
  const original = draft?.id ? custom.find((role) => role.id === draft.id) : undefined;
  const roleName = (role: RoleRow) => (role.global && tr.has(role.name as never) ? tr(role.name as never) : role.name);
  // Only roles still listed: one deleted meanwhile (another tab, the API) drops out after a refresh.
  const chosen = custom.filter((role) => selected.includes(role.id));
  const allSelected = custom.length > 0 && chosen.length === custom.length;

  function open(role: RoleRow | null) {
    setFormError(null);
    setNameError(null);
    setInUse(null);
    setDraft(role ? { id: role.id, name: role.name, permissions: [...role.permissions] } : { id: null, name: "", permissions: [] });
  }

  function toggle(list: string[], value: string, on: boolean) {
    return on ? [...new Set([...list, value])] : list.filter((item) => item !== value);
  }

  async function save(event: FormEvent) {
    event.preventDefault();
    if (!draft) return;
    setSaving(true);
    setFormError(null);
    setNameError(null);
    try {
      if (draft.id) {
        // Permissions are sent only when they changed: a rename must not trip over a permission
        // the role already has but the editor does not hold (the service would refuse it).
        const data = {
          name: draft.name,
          ...(original && sameSet(original.permissions, draft.permissions) ? {} : { permissions: draft.permissions as Permission[] }),
        };
        await callOperation("updateAccountRole", { id: draft.id, ...data });
      } else {
        await callOperation("createAccountRole", { name: draft.name, permissions: draft.permissions as Permission[] });
      }
      notify({ tone: "success", title: ta(draft.id ? "updated" : "added") });
      setDraft(null);
      router.refresh();
    } catch (error) {
      if (error instanceof ApiError && error.code === "CONFLICT") setNameError(t("nameTaken"));
      else setFormError(errorText(error));
    }
    setSaving(false);
  }

  async function remove(ids: string[], whenInUse: InUse) {
    setInUse(null);
    try {
      if (ids.length === 1) await callOperation("deleteAccountRole", { id: ids[0] });
      else await callOperation("bulkDeleteAccountRoles", { ids });
      notify({ tone: "success", title: ta("updated") });
      setSelected((list) => list.filter((id) => !ids.includes(id)));
      router.refresh();
    } catch (error) {
      if (error instanceof ApiError && error.code === "ROLE_IN_USE") setInUse(whenInUse);
      else notify({ tone: "error", title: ta("deleteError"), description: errorText(error) });
    }
  }

  /** Permissions as words, by group; unknown strings (none today) are left out. */
  function permissionSummary(permissions: string[]) {
    const groups = PERMISSION_GROUPS.map(({ group, permissions: list }) => ({
      group,
      held: list.filter((p) => permissions.includes(p)),
    })).filter((g) => g.held.length);
    if (!groups.length) return <span className="text-zinc-500">{t("noPermissions")}</span>;
    return (
      <ul className="flex flex-col gap-1">
        {groups.map(({ group, held }) => (
          <li key={group}>
            <span className="font-medium">{t(`groups.${group}`)}:</span>{" "}
            {format.list(
              held.map((p) => t(`permissions.${p}`)),
              { type: "unit" },
            )}
          </li>
        ))}
      </ul>
    );
  }

  const headerCell = "px-4 py-2 font-medium";

  return (
    <section className="flex flex-col gap-6">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="max-w-2xl">
          <h1 className="text-xl font-semibold">{t("title")}</h1>
          <p className="text-zinc-600">{t("intro")}</p>
        </div>
        <Button onClick={() => open(null)}>{t("add")}</Button>
      </div>

      {inUse && (
        <Alert tone="error">
          <p className="font-semibold">{t("inUseTitle")}</p>
          <p className="mt-1">
            {"names" in inUse
              ? t("inUseBulk", { names: format.list(inUse.names, { type: "conjunction" }) })
              : t("inUse", { name: inUse.name, count: inUse.count })}
          </p>
          <Link href="/settings/ws/users" className="mt-1 inline-block font-medium underline">
            {t("goToUsers")}
          </Link>
        </Alert>
      )}

      <section aria-labelledby="custom-roles-title">
        <div className="mb-2 flex flex-wrap items-center justify-between gap-2">
          <h2 id="custom-roles-title" className="text-lg font-semibold">
            {t("customTitle")}
          </h2>
          {chosen.length > 0 && (
            <Button variant="secondary" className="text-red-700" onClick={() => setBulkDeleting(true)}>
              {t("deleteSelected", { count: chosen.length })}
            </Button>
          )}
        </div>
        {custom.length === 0 ? (
          <p className="text-sm text-zinc-500">{t("empty")}</p>
        ) : (
          <div className="overflow-x-auto rounded-lg border border-zinc-200 bg-white">
            <table className="w-full text-left text-sm">
              <thead className="bg-zinc-50 text-zinc-600">
                <tr>
                  <th scope="col" className="w-10 px-4 py-2">
                    <input
                      type="checkbox"
                      className="size-4 accent-brand-600"
                      aria-label={t("selectAll")}
                      checked={allSelected}
                      onChange={(e) => setSelected(e.target.checked ? custom.map((role) => role.id) : [])}
                    />
                  </th>
                  <th scope="col" className={headerCell}>
                    {t("name")}
                  </th>
                  <th scope="col" className={headerCell}>
                    {t("permissionsLabel")}
                  </th>
                  <th scope="col" className={headerCell}>
                    {t("usedBy")}
                  </th>
                  <th scope="col" className="px-4 py-2">
                    <span className="sr-only">{t("actionsColumn")}</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {custom.map((role) => (
                  <tr key={role.id} className="border-t border-zinc-100 align-top" data-testid="role-row">
                    <td className="px-4 py-2">
                      <input
                        type="checkbox"
                        className="size-4 accent-brand-600"
                        aria-label={t("select", { name: role.name })}
                        checked={selected.includes(role.id)}
                        onChange={(e) => setSelected((list) => toggle(list, role.id, e.target.checked))}
                      />
                    </td>
                    <td className="px-4 py-2 font-medium" data-testid="role-name">
                      {role.name}
                    </td>
                    <td className="px-4 py-2" data-testid="role-permissions">
                      {permissionSummary(role.permissions)}
                    </td>
                    <td className="px-4 py-2 whitespace-nowrap text-zinc-600" data-testid="role-members">
                      {t("membersCount", { count: role.members })}
                    </td>
                    <td className="px-4 py-2">
                      <div className="flex justify-end">
                        <ContextMenu
                          label={t("actions", { name: role.name })}
                          items={[
                            { label: t("edit"), onSelect: () => open(role) },
                            { label: t("delete"), danger: true, onSelect: () => setDeleting(role) },
                          ]}
                        />
                      </div>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>

      <section aria-labelledby="builtin-roles-title">
        <h2 id="builtin-roles-title" className="text-lg font-semibold">
          {t("builtInTitle")}
        </h2>
        <p className="mb-2 text-sm text-zinc-600">{t("builtInIntro")}</p>
        <div className="overflow-x-auto rounded-lg border border-zinc-200 bg-white">
          <table className="w-full text-left text-sm">
            <thead className="bg-zinc-50 text-zinc-600">
              <tr>
                <th scope="col" className={headerCell}>
                  {t("name")}
                </th>
                <th scope="col" className={headerCell}>
                  {t("permissionsLabel")}
                </th>
                <th scope="col" className={headerCell}>
                  {t("usedBy")}
                </th>
              </tr>
            </thead>
            <tbody>
              {builtIn.map((role) => (
                <tr key={role.id} className="border-t border-zinc-100 align-top" data-testid="builtin-role-row">
                  <td className="px-4 py-2 font-medium">{roleName(role)}</td>
                  <td className="px-4 py-2">{permissionSummary(role.permissions)}</td>
                  <td className="px-4 py-2 whitespace-nowrap text-zinc-600">{t("membersCount", { count: role.members })}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </section>

      <Modal
        open={draft !== null}
        size="2xl"
        title={draft?.id ? t("editTitle", { name: original?.name ?? draft.name }) : t("addTitle")}
        onClose={() => setDraft(null)}
      >
        {draft && (
          <form onSubmit={save} className="flex flex-col gap-4">
            {formError && <Alert tone="error">{formError}</Alert>}
            <TextField
              label={t("name")}
              name="name"
              required
              maxLength={60}
              value={draft.name}
              error={nameError}
              onChange={(e) => {
                setNameError(null);
                setDraft({ ...draft, name: e.target.value });
              }}
            />
            <p className="text-sm text-zinc-600">{t("permissionsHint")}</p>
            <div className="grid gap-4 sm:grid-cols-2">
              {PERMISSION_GROUPS.map(({ group, permissions }) => (
                <fieldset key={group} className="rounded-md border border-zinc-200 p-3">
                  <legend className="px-1 text-sm font-semibold">{t(`groups.${group}`)}</legend>
                  <div className="flex flex-col gap-2">
                    {permissions.map((permission) => (
                      <label key={permission} className="flex items-center gap-2 text-sm">
                        <input
                          type="checkbox"
                          className="size-4 accent-brand-600"
                          checked={draft.permissions.includes(permission)}
                          disabled={!grantable.includes(permission)}
                          onChange={(e) => setDraft({ ...draft, permissions: toggle(draft.permissions, permission, e.target.checked) })}
                        />
                        {t(`permissions.${permission}`)}
                      </label>
                    ))}
                  </div>
                </fieldset>
              ))}
            </div>
            <div className="flex justify-end gap-2">
              <Button type="button" variant="secondary" onClick={() => setDraft(null)}>
                {tc("cancel")}
              </Button>
              <Button type="submit" busy={saving}>
                {t("save")}
              </Button>
            </div>
          </form>
        )}
      </Modal>

      <ConfirmFor
        target={deleting}
        title={t("delete")}
        message={(role) => t("confirmDelete", { name: role.name })}
        confirmLabel={t("delete")}
        onClose={() => setDeleting(null)}
        onConfirm={(role) => remove([role.id], { name: role.name, count: role.members })}
      />
      <ConfirmModal
        open={bulkDeleting}
        title={t("deleteSelected", { count: chosen.length })}
        message={t("confirmBulkDelete", { count: chosen.length })}
        confirmLabel={t("delete")}
        onCancel={() => setBulkDeleting(false)}
        onConfirm={async () => {
          setBulkDeleting(false);
          const held = chosen.filter((role) => role.members > 0);
          await remove(
            chosen.map((role) => role.id),
            { names: (held.length ? held : chosen).map((role) => role.name) },
          );
        }}
      />
    </section>
  );
}
