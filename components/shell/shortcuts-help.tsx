"use client";

import { usePathname, useSearchParams } from "next/navigation";
import { useEffect } from "react";
import { ShortcutsDialog } from "@/components/shell/shortcuts-dialog";
import { isDialogOpen } from "@/components/ui/dialog";
import { useCan } from "@/lib/client/auth/member-role";
import { isTyping } from "@/lib/client/create/shortcuts";
import { useShortcutsHelp } from "@/lib/client/shortcuts/help";
import { shortcutsFor } from "@/lib/client/shortcuts/page-shortcuts";

/** "?" on any studio page lists that page's shortcuts, unless a dialog is already open. */
export function ShortcutsHelp() {
  const pathname = usePathname();
  const search = useSearchParams();
  const canRate = useCan("review");
  const open = useShortcutsHelp((s) => s.open);
  const setOpen = useShortcutsHelp((s) => s.setOpen);

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== "?" || e.ctrlKey || e.metaKey || e.altKey || isTyping(e.target) || isDialogOpen()) return;
      e.preventDefault();
      setOpen(true);
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [setOpen]);

  return (
    <ShortcutsDialog
      open={open}
      onOpenChange={setOpen}
      shortcuts={shortcutsFor(pathname, { search, canRate })}
    />
  );
}
