import type { LucideIcon } from "lucide-react";
import type { ReactNode } from "react";
import { cn } from "./cn";

export type EmptyStateFeature = {
  icon: LucideIcon;
  title: string;
  description: string;
};

type EmptyStateProps = {
  icon: LucideIcon;
  title: string;
  description: ReactNode;
  actions?: ReactNode;
  /** What will appear here, so an empty screen still explains itself. */
  features?: readonly EmptyStateFeature[];
  children?: ReactNode;
};

export function EmptyState({ icon: Icon, title, description, actions, features, children }: EmptyStateProps) {
  return (
    <section
      aria-labelledby="empty-state-title"
      className="overflow-hidden rounded-panel border border-border bg-panel shadow-panel"
    >
      <div className="relative flex flex-col items-center px-6 pt-14 pb-12 text-center">
        {/* A soft accent wash behind the icon: depth without an illustration asset. */}
        <div
          aria-hidden
          className="pointer-events-none absolute inset-x-0 top-0 h-56 bg-[radial-gradient(ellipse_at_top,rgb(139_124_255/0.14),transparent_65%)]"
        />
        <div className="relative grid size-14 place-items-center rounded-2xl border border-accent/30 bg-accent/10 text-accent-fg shadow-glow">
          <Icon aria-hidden className="size-6" strokeWidth={1.75} />
        </div>
        <h2
          id="empty-state-title"
          className="relative mt-6 font-semibold text-foreground text-lg tracking-tight"
        >
          {title}
        </h2>
        <p className="relative mt-2 max-w-lg text-balance text-muted text-sm leading-relaxed">
          {description}
        </p>
        {actions ? (
          <div className="relative mt-7 flex flex-wrap justify-center gap-2.5">{actions}</div>
        ) : null}
      </div>
      {features && features.length > 0 ? (
        // Hairlines are the 1px gaps showing the border colour behind the cells: right at every
        // breakpoint as long as the column count divides the item count (see featureColumns).
        <ul className={cn("grid gap-px border-border border-t bg-border", featureColumns(features.length))}>
          {features.map(({ icon: FeatureIcon, title: featureTitle, description: featureDescription }) => (
            <li key={featureTitle} className="flex gap-3 bg-panel p-5">
              <FeatureIcon aria-hidden className="mt-0.5 size-4 shrink-0 text-accent-fg" strokeWidth={1.75} />
              <div>
                <p className="font-medium text-foreground text-sm">{featureTitle}</p>
                <p className="mt-1 text-[13px] text-muted-subtle leading-relaxed">{featureDescription}</p>
              </div>
            </li>
          ))}
        </ul>
      ) : null}
      {children}
    </section>
  );
}

function featureColumns(count: number): string {
  if (count % 3 === 0) return "md:grid-cols-3";
  if (count % 4 === 0) return "md:grid-cols-2 xl:grid-cols-4";
  return "md:grid-cols-2";
}
