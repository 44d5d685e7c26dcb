import type { ComponentProps, ReactNode } from "react";
import { cn, focusRing } from "./cn";

export const inputClasses = cn(
  "h-10 w-full rounded-control border border-border-strong bg-surface-sunken px-3 text-foreground text-sm",
  "placeholder:text-muted-subtle transition-colors hover:border-muted-subtle",
  "aria-[invalid=true]:border-danger",
  focusRing,
);

type TextFieldProps = ComponentProps<"input"> & {
  id: string;
  label: ReactNode;
  hint?: ReactNode;
  error?: string | undefined;
};

/** A labelled input with its hint and its error, wired for assistive technology. */
export function TextField({ id, label, hint, error, className, ...props }: TextFieldProps) {
  const describedBy = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(" ");
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={id} className="font-medium text-[13px] text-foreground">
        {label}
      </label>
      <input
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy || undefined}
        className={cn(inputClasses, className)}
        {...props}
      />
      {hint && !error ? (
        <p id={`${id}-hint`} className="text-muted-subtle text-xs">
          {hint}
        </p>
      ) : null}
      <FieldMessage id={id} error={error} />
    </div>
  );
}

/** A message above a form's button for errors that belong to no single field. */
export function FormError({ children }: { children?: ReactNode }) {
  if (!children) return null;
  return (
    <p
      role="alert"
      className="rounded-control border border-danger/40 bg-danger/10 px-3 py-2 text-danger-fg text-sm"
    >
      {children}
    </p>
  );
}

/**
 * A field's error, or else its hint, below the control. With an `id` the paragraph gets
 * `${id}-error` / `${id}-hint`, the ids `describedBy` points the control at.
 */
export function FieldMessage({ id, error, hint }: { id?: string; error?: ReactNode; hint?: ReactNode }) {
  if (error) {
    return (
      <p id={id ? `${id}-error` : undefined} role="alert" className="text-danger-fg text-xs leading-relaxed">
        {error}
      </p>
    );
  }
  if (hint) {
    return (
      <p id={id ? `${id}-hint` : undefined} className="text-muted-subtle text-xs leading-relaxed">
        {hint}
      </p>
    );
  }
  return null;
}
