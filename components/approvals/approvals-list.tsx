"use client";

import { ClipboardCheck } from "lucide-react";
import { useState } from "react";
import { cn } from "@/components/ui/cn";
import { EmptyState } from "@/components/ui/empty-state";
import Link from "@/components/ui/link";
import { Segmented } from "@/components/ui/segmented";
import { useEndpoint } from "@/lib/client/endpoint-client";
import { api } from "@/lib/studio/api/addresses";
import { dueText, isOverdue, STATUS_LABELS } from "@/lib/studio/approvals/approvals";
import { statusTone } from "./approval-badge";

type Show = "toDecide" | "requested" | "all";

const SHOW_LABELS: { value: Show; label: string }[] = [
  { value: "toDecide", label: "Mine to decide" },
  { value: "requested", label: "Mine requested" },
  { value: "all", label: "All" },
];

/** The team's review requests: those awaiting me, those I asked for, or all. */
export function ApprovalsList({ initial }: { initial: Show }) {
  const [show, setShow] = useState<Show>(initial);
  const list = useEndpoint(api.approvals.list, { query: { show } });
  const now = new Date();
  const rows = list.data?.approvals ?? [];
  return (
    <div className="flex flex-col gap-4">
      <Segmented
        label="Which requests"
        value={show}
        options={SHOW_LABELS}
        onChange={(v) => setShow(v as Show)}
        className="self-start"
      />
      {list.isPending ? <p className="text-muted text-sm">Loading…</p> : null}
      {!list.isPending && rows.length === 0 ? (
        <EmptyState
          icon={ClipboardCheck}
          title={show === "toDecide" ? "Nothing waits for your decision" : "No review requests yet"}
          description="Ask for approval from a board or from a selection in the gallery."
        />
      ) : null}
      <ul className="flex flex-col divide-y divide-border rounded-card border border-border bg-panel">
        {rows.map((a) => {
          const overdue = isOverdue(a.dueAt, a.status, now);
          return (
            <li key={a.id}>
              <Link
                href={`/approvals/${a.id}`}
                className="flex flex-wrap items-center gap-x-4 gap-y-1 px-4 py-3 hover:bg-panel-hover"
              >
                <span
                  aria-hidden
                  className={cn("size-2.5 rounded-full", statusTone({ status: a.status, overdue }))}
                />
                <span className="min-w-0 flex-1 truncate font-medium text-[14px] text-foreground">
                  {a.title}
                </span>
                <span className="text-[13px] text-muted">
                  {a.status === "inReview"
                    ? `Stage ${a.activeStage} of ${a.stageCount}`
                    : STATUS_LABELS[a.status]}
                </span>
                <span className={cn("text-[13px]", overdue ? "text-amber-300" : "text-muted-subtle")}>
                  {dueText(a.dueAt, now, a.status === "inReview")}
                </span>
                {a.awaitsYou ? (
                  <span className="rounded-full bg-accent/15 px-2 py-0.5 font-medium text-[12px] text-accent-fg">
                    Your turn
                  </span>
                ) : null}
              </Link>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
