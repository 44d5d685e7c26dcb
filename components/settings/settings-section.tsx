import type { LucideIcon } from "lucide-react";
import type { ReactNode } from "react";
import { Card } from "@/components/ui/card";

/** One block of the settings page: an icon, a title, what it is for, and its controls. */
export function SettingsSection({
  icon: Icon,
  title,
  description,
  actions,
  children,
  labelId,
}: {
  icon: LucideIcon;
  title: string;
  description: ReactNode;
  actions?: ReactNode;
  children?: ReactNode;
  labelId: string;
}) {
  return (
    <section aria-labelledby={labelId}>
      <Card className="overflow-hidden">
        <div className="flex flex-col gap-4 p-5 sm:flex-row sm:items-start sm:justify-between">
          <div className="flex gap-3.5">
            <span className="grid size-9 shrink-0 place-items-center rounded-control border border-border-strong bg-panel-raised text-accent-fg">
              <Icon aria-hidden className="size-[18px]" strokeWidth={1.75} />
            </span>
            <div>
              <h2 id={labelId} className="font-semibold text-[15px] text-foreground tracking-tight">
                {title}
              </h2>
              <p className="mt-1 max-w-xl text-[13px] text-muted leading-relaxed">{description}</p>
            </div>
          </div>
          {actions ? <div className="flex shrink-0 items-center gap-2">{actions}</div> : null}
        </div>
        {children ? <div className="border-border border-t">{children}</div> : null}
      </Card>
    </section>
  );
}

/** A quiet line inside a section's list when there is nothing to list. */
export function SectionEmpty({ children }: { children: ReactNode }) {
  return <p className="px-5 py-4 text-[13px] text-muted-subtle">{children}</p>;
}
