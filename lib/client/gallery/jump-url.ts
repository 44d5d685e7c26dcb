"use client";

import { usePathname, useRouter, useSearchParams } from "next/navigation";
import { useCallback } from "react";
import { isCalendarMonth } from "@/lib/studio/gallery/months";

/**
 * Where the date scrubber started the gallery (`at=YYYY-MM` in the address, beside the filter), so
 * a reload and the browser's back button keep the place. Each jump is a history entry; a link with
 * a month that is not one is read as no jump.
 */
export function useGalleryJump(): { at: string | undefined; jump(month: string | null): void } {
  const params = useSearchParams();
  const router = useRouter();
  const pathname = usePathname();
  const raw = params.get("at");
  const at = raw !== null && isCalendarMonth(raw) ? raw : undefined;
  const jump = useCallback(
    (month: string | null) => {
      const next = new URLSearchParams(params.toString());
      next.delete("at");
      if (month !== null) next.set("at", month);
      const query = next.toString();
      router.push(query ? `${pathname}?${query}` : pathname, { scroll: false });
      window.scrollTo({ top: 0 });
    },
    [params, router, pathname],
  );
  return { at, jump };
}
