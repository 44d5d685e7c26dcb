import type { ReactNode } from "react";

type PageHeaderProps = {
  title: string;
  /** A short label above the title: the section or a category. */
  eyebrow?: string;
  description?: ReactNode;
  /** Buttons or links aligned with the title on wide screens, below it on narrow ones. */
  actions?: ReactNode;
};

export function PageHeader({ title, eyebrow, description, actions }: PageHeaderProps) {
  return (
    <header className="flex flex-col gap-5 border-border border-b pb-7 md:flex-row md:items-end md:justify-between">
      <div className="min-w-0 max-w-2xl">
        {eyebrow ? (
          <p className="mb-2 font-medium text-accent-fg text-xs uppercase tracking-[0.14em]">{eyebrow}</p>
        ) : null}
        <h1 className="text-balance font-semibold text-[28px] text-foreground leading-tight tracking-tight">
          {title}
        </h1>
        {description ? (
          <p className="mt-2.5 text-pretty text-[15px] text-muted leading-relaxed">{description}</p>
        ) : null}
      </div>
      {actions ? <div className="flex shrink-0 flex-wrap items-center gap-2.5">{actions}</div> : null}
    </header>
  );
}
