"use client";

import { usePathname, useRouter, useSearchParams } from "next/navigation";

/** Lists the folder `value` ("root" for Drive, "" for every folder) on the current list, from its first page. */
export function useFolderNavigation() {
  const router = useRouter();
  const pathname = usePathname();
  const params = useSearchParams();
  return (value: string) => {
    const next = new URLSearchParams(params);
    if (value) next.set("folder", value);
    else next.delete("folder");
    next.delete("page");
    router.push(`${pathname}?${next}`);
  };
}
