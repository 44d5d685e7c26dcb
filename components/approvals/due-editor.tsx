"use client";

import { useState } from "react";
import { Button } from "@/components/ui/button";
import { FormError } from "@/components/ui/field";
import { useUpdateDue } from "@/lib/client/approvals/approvals";

/** A due date's day here (YYYY-MM-DD), as a date field reads it. */
function dateValue(dueAt: string | null): string {
  if (!dueAt) return "";
  const d = new Date(dueAt);
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

/** The requester moves the due date of a request in review, or clears it. */
export function DueEditor({ id, dueAt }: { id: string; dueAt: string | null }) {
  const update = useUpdateDue(id);
  const [open, setOpen] = useState(false);
  const [value, setValue] = useState(dateValue(dueAt));
  if (!open)
    return (
      <Button size="sm" variant="ghost" onClick={() => setOpen(true)}>
        Change due date
      </Button>
    );
  // The end of the chosen day here, as the request form sets it.
  const save = (next: string | null) =>
    update.mutate(next ? new Date(`${next}T23:59:00`).toISOString() : null, {
      onSuccess: () => setOpen(false),
    });
  return (
    <form
      className="flex flex-wrap items-center gap-2"
      onSubmit={(e) => {
        e.preventDefault();
        save(value || null);
      }}
    >
      <input
        type="date"
        aria-label="New due date"
        value={value}
        onChange={(e) => setValue(e.target.value)}
        className="h-8 rounded-control border border-border-strong bg-surface-sunken px-2 text-[13px] text-foreground"
      />
      <Button type="submit" size="sm" variant="primary" disabled={update.isPending || !value}>
        Save date
      </Button>
      {dueAt ? (
        <Button size="sm" variant="ghost" disabled={update.isPending} onClick={() => save(null)}>
          No due date
        </Button>
      ) : null}
      <Button size="sm" variant="ghost" onClick={() => setOpen(false)}>
        Cancel
      </Button>
      <FormError>{update.error?.errors[0]?.message}</FormError>
    </form>
  );
}
