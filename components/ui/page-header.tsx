import type { ReactNode } from "react";
import { cn } from "./cn";

type PageHeaderProps = {
  title: string;
  /** A short label above the title: the section or a category. */
  eyebrow?: string;
  description?: ReactNode;
  /** Buttons or links aligned with the title on wide screens, below it on narrow ones. */
  actions?: ReactNode;
  /**
   * For a page whose content is the point (the gallery): no eyebrow, a smaller title and a
   * one-line description, so the content starts high on a laptop screen.
   */
  compact?: boolean;
};

export function PageHeader({ title, eyebrow, description, actions, compact = false }: PageHeaderProps) {
  return (
    <header
      className={cn(
        "flex flex-col border-border border-b md:flex-row md:items-end md:justify-between",
        compact ? "gap-3 pb-4" : "gap-5 pb-7",
      )}
    >
      <div className={cn("min-w-0", compact ? "flex-1" : "max-w-2xl")}>
        {eyebrow && !compact ? (
          <p className="mb-2 font-medium text-accent-fg text-xs uppercase tracking-[0.14em]">{eyebrow}</p>
        ) : null}
        <h1
          className={cn(
            "text-balance font-semibold text-foreground leading-tight tracking-tight",
            compact ? "text-[24px]" : "text-[28px]",
          )}
        >
          {title}
        </h1>
        {description ? (
          <p
            className={cn(
              "text-muted leading-relaxed",
              compact ? "mt-1 truncate text-[14px]" : "mt-2.5 text-pretty text-[15px]",
            )}
          >
            {description}
          </p>
        ) : null}
      </div>
      {actions ? <div className="flex shrink-0 flex-wrap items-center gap-2.5">{actions}</div> : null}
    </header>
  );
}
