"use client";

import { Dialog } from "@/components/ui/dialog";
import type { Shortcut } from "@/lib/client/shortcuts/shortcut";

function keyLabel(key: string, mac: boolean): string {
  if (key === "Mod") return mac ? "⌘" : "Ctrl";
  if (key === "Alt") return mac ? "⌥" : "Alt";
  return key;
}

/** The list of keyboard shortcuts of the page, opened with "?" or a keyboard button. */
export function ShortcutsDialog({
  open,
  onOpenChange,
  shortcuts,
}: {
  open: boolean;
  onOpenChange(open: boolean): void;
  shortcuts: readonly Shortcut[];
}) {
  const mac = typeof navigator !== "undefined" && /Mac|iPhone|iPad/.test(navigator.platform);
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title="Keyboard shortcuts">
      <dl className="flex flex-col divide-y divide-border text-[13px]">
        {shortcuts.map((s) => (
          <div key={s.action} className="flex items-center justify-between gap-4 py-2">
            <dt className="text-muted">{s.action}</dt>
            <dd className="flex gap-1">
              {s.keys.map((k) => (
                <kbd
                  key={k}
                  className="min-w-6 rounded-[5px] border border-border-strong border-b-2 bg-panel-raised px-1.5 py-0.5 text-center font-mono text-[11px] text-foreground"
                >
                  {keyLabel(k, mac)}
                </kbd>
              ))}
            </dd>
          </div>
        ))}
      </dl>
    </Dialog>
  );
}
