import type { ReactNode } from "react";
import { cn } from "@/components/ui/cn";
import { FieldMessage } from "@/components/ui/field";

interface FieldShellProps {
  id: string;
  label: ReactNode;
  hint?: ReactNode;
  error?: string | undefined;
  /** Shown at the right of the label, e.g. a character count or the current value. */
  aside?: ReactNode;
  children: ReactNode;
  className?: string;
}

/** The frame of every form field: label, control, hint or error, linked by id for screen readers. */
export function FieldShell({ id, label, hint, error, aside, children, className }: FieldShellProps) {
  return (
    <div className={cn("flex min-w-0 flex-col gap-1.5", className)}>
      <div className="flex items-baseline justify-between gap-2">
        <label htmlFor={id} className="font-medium text-[13px] text-foreground">
          {label}
        </label>
        {aside ? <span className="text-[12px] text-muted-subtle tabular-nums">{aside}</span> : null}
      </div>
      {children}
      <FieldMessage id={id} error={error} hint={hint} />
    </div>
  );
}

/** aria props of a field's control, pointing at its hint or error. */
export function describedBy(id: string, hint: unknown, error: unknown) {
  const ids = [error ? `${id}-error` : null, !error && hint ? `${id}-hint` : null].filter(Boolean);
  return {
    "aria-invalid": error ? true : undefined,
    "aria-describedby": ids.length > 0 ? ids.join(" ") : undefined,
  } as const;
}
