"use client";

import { Link } from "@/components/ui/link";
import { useFormatter, useTranslations } from "@/lib/i18n/client";
import { useRouter } from "next/navigation";
import { useState, type FormEvent } from "react";
import { useErrorText } from "@/components/auth/use-error-text";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { ConfirmFor, ConfirmModal } from "@/components/ui/confirm-modal";
import { Modal } from "@/components/ui/modal";
import { useNotify } from "@/components/ui/notifications";
import { ApiError } from "@/lib/client/api";
import { callOperation } from "@/lib/client/operations";
import type { Permission } from "@/lib/auth/permissions";
import { BuiltInRoles } from "./builtin-roles";
import { CustomRolesTable } from "./custom-roles-table";
import { RoleForm, toggle, type Draft } from "./role-form";
import type { RoleRow } from "./role-row";
import { bulkDeleteAccountRolesOp, createAccountRoleOp, deleteAccountRoleOp, updateAccountRoleOp } from "@/lib/operations/routes/role";

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
        await callOperation(updateAccountRoleOp, { id: draft.id, ...data });
      } else {
        await callOperation(createAccountRoleOp, { name: draft.name, permissions: draft.permissions as Permission[] });
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
      if (ids.length === 1) await callOperation(deleteAccountRoleOp, { id: ids[0] });
      else await callOperation(bulkDeleteAccountRolesOp, { ids });
      notify({ tone: "success", title: ta("updated") });
      setSelected((list) => list.filter((id) => !ids.includes(id)));
      router.refresh();
    } catch (error) {
      if (error instanceof ApiError && error.code === "ROLE_IN_USE") setInUse(whenInUse);
      else notify({ tone: "error", title: ta("deleteError"), description: errorText(error) });
    }
  }

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
          <CustomRolesTable
            roles={custom}
            selected={selected}
            allSelected={allSelected}
            onSelectAll={(on) => setSelected(on ? custom.map((role) => role.id) : [])}
            onSelect={(role, on) => setSelected((list) => toggle(list, role.id, on))}
            onEdit={open}
            onDelete={setDeleting}
          />
        )}
      </section>

      <BuiltInRoles roles={builtIn} roleName={roleName} />

      <Modal
        open={draft !== null}
        size="2xl"
        title={draft?.id ? t("editTitle", { name: original?.name ?? draft.name }) : t("addTitle")}
        onClose={() => setDraft(null)}
      >
        {draft && (
          <RoleForm
            draft={draft}
            grantable={grantable}
            formError={formError}
            nameError={nameError}
            saving={saving}
            onChange={(next) => {
              if (next.name !== draft.name) setNameError(null);
              setDraft(next);
            }}
            onSubmit={save}
            onCancel={() => setDraft(null)}
          />
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
