import type { ReactNode } from "react";
import { Button } from "@/components/ui/button";
import { SectionEmpty } from "./settings-section";

/** A settings list whose rows can each be revoked (invitation links, engine keys). */
export function RevocableList<T extends { id: string }>({
  label,
  items,
  loading,
  empty,
  revoking,
  onRevoke,
  actions,
  children,
}: {
  label: string;
  items: readonly T[];
  loading: boolean;
  empty: string;
  revoking: boolean;
  onRevoke: (id: string) => void;
  /** Controls shown before Revoke on each row. */
  actions?: (item: T) => ReactNode;
  children: (item: T) => ReactNode;
}) {
  if (items.length === 0) return loading ? null : <SectionEmpty>{empty}</SectionEmpty>;
  return (
    <ul className="divide-y divide-border border-border border-t" aria-label={label}>
      {items.map((item) => (
        <li key={item.id} className="flex items-center justify-between gap-4 px-5 py-3">
          {children(item)}
          <div className="flex shrink-0 items-center gap-1">
            {actions?.(item)}
            <Button variant="ghost" size="sm" disabled={revoking} onClick={() => onRevoke(item.id)}>
              Revoke
            </Button>
          </div>
        </li>
      ))}
    </ul>
  );
}
