"use client";

import { type ReactNode, useState } from "react";
import { cn, focusRing } from "@/components/ui/cn";
import { scopeRules, type ViewerScope } from "@/lib/studio/share/share-scope";

type Tab = "comments" | "details" | "history";

/**
 * The viewer's side panel, for a member and a guest alike: what sits above (the team's review),
 * then the comments, the details and the history, as far as the scope shows each: as tabs in a
 * member's busy panel, one below the other for a guest.
 */
export function ViewerPanel({
  scope,
  header,
  comments,
  details,
  history,
  openThreads = 0,
}: {
  scope: ViewerScope;
  header?: ReactNode;
  comments: ReactNode;
  details: ReactNode;
  history?: ReactNode;
  /** Counted on the comments' tab. */
  openThreads?: number;
}) {
  const rules = scopeRules(scope);
  const [tab, setTab] = useState<Tab>(rules.comments === "none" ? "details" : "comments");
  const tabs = (
    [
      ["comments", `Comments${openThreads ? ` (${openThreads})` : ""}`],
      ["details", "Details"],
      ["history", "History"],
    ] as const
  ).filter(([value]) =>
    value === "comments" ? rules.comments !== "none" : value !== "history" || rules.history,
  );
  const frame =
    "flex min-h-0 flex-col overflow-hidden rounded-panel border border-border bg-panel shadow-panel";

  if (rules.layout === "stacked") {
    return (
      <aside aria-label="About this item" data-testid="viewer-panel" className={cn(frame, "overflow-y-auto")}>
        {header}
        <section aria-label="Details" className="flex flex-col gap-3 p-4">
          <h2 className="font-medium text-[11.5px] text-muted-subtle uppercase tracking-[0.12em]">Details</h2>
          {details}
        </section>
        {rules.comments !== "none" ? (
          <section aria-label="Comments" className="flex flex-col gap-3 border-border border-t p-4">
            <div className="flex flex-col gap-0.5">
              <h2 className="font-medium text-[11.5px] text-muted-subtle uppercase tracking-[0.12em]">
                Comments
              </h2>
              {rules.words.note ? (
                <p className="text-[12px] text-muted-subtle" data-testid="comments-note">
                  {rules.words.note}
                </p>
              ) : null}
            </div>
            {comments}
          </section>
        ) : null}
      </aside>
    );
  }
  return (
    <aside aria-label="Review" data-testid="review-panel" className={frame}>
      {header}
      <div
        role="tablist"
        aria-label="Review sections"
        className="flex gap-1 border-border border-b px-3 pt-2"
      >
        {tabs.map(([value, label]) => (
          <button
            key={value}
            type="button"
            role="tab"
            aria-selected={tab === value}
            onClick={() => setTab(value)}
            className={cn(
              "-mb-px border-b-2 px-2.5 pb-2 font-medium text-[13px] transition-colors",
              focusRing,
              tab === value
                ? "border-accent text-foreground"
                : "border-transparent text-muted hover:text-foreground",
            )}
          >
            {label}
          </button>
        ))}
      </div>
      <div role="tabpanel" className="flex min-h-0 flex-1 flex-col gap-4 overflow-y-auto p-4">
        {tab === "comments" ? comments : tab === "details" ? details : history}
      </div>
    </aside>
  );
}
