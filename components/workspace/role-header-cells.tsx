"use client";

/** The column headers both roles tables share: name, permissions, used by. */

import { useTranslations } from "@/lib/i18n/client";

const headerCell = "px-4 py-2 font-medium";

/** Three `<th>` cells, for a row of either roles table. */
export function RoleHeaderCells() {
  const t = useTranslations("accountRoles");
  return (
    <>
      <th scope="col" className={headerCell}>
        {t("name")}
      </th>
      <th scope="col" className={headerCell}>
        {t("permissionsLabel")}
      </th>
      <th scope="col" className={headerCell}>
        {t("usedBy")}
      </th>
    </>
  );
}
