"use client";

import { CalendarClock, Download, FolderOpen } from "lucide-react";
import { statusTone } from "@/components/approvals/approval-badge";
import { Button } from "@/components/ui/button";
import { cn } from "@/components/ui/cn";
import { FormError } from "@/components/ui/field";
import Link from "@/components/ui/link";
import { PageHeader } from "@/components/ui/page-header";
import { useApproval, useCancelApproval, useDecide, useReopen } from "@/lib/client/approvals/approvals";
import { viewerUrl } from "@/lib/studio/api/gallery-urls";
import { dueText, isOverdue, STATUS_LABELS } from "@/lib/studio/approvals/approvals";
import { DecisionPanel } from "./decision-panel";
import { DueEditor } from "./due-editor";
import { ManagedStages } from "./reviewer-manager";

/** A review request's page: where it stands, its stages and reviewers, its items, and the caller's part. */
export function ApprovalPage({ id }: { id: string }) {
  const found = useApproval(id);
  const decide = useDecide(id);
  const reopen = useReopen(id);
  const cancel = useCancelApproval(id);
  if (found.isPending) return <p className="text-muted text-sm">Loading the review request…</p>;
  if (!found.data)
    return (
      <FormError>{found.error?.errors[0]?.message ?? "This review request could not be read."}</FormError>
    );
  const a = found.data.approval;
  const now = new Date();
  const overdue = isOverdue(a.dueAt, a.status, now);
  const status =
    a.status === "inReview"
      ? `${overdue ? "Overdue" : "In review"} — stage ${a.activeStage} of ${a.stageCount}`
      : STATUS_LABELS[a.status];
  const stopped = a.status === "changesRequested" || a.status === "rejected";
  const actionError = (reopen.error ?? cancel.error)?.errors[0]?.message;
  return (
    <div className="flex flex-col gap-6">
      <PageHeader
        eyebrow="Review request"
        title={a.title}
        description={`Asked by ${a.requestedBy?.name ?? "a former member"} · ${a.itemCount} item${a.itemCount === 1 ? "" : "s"}${a.round > 1 ? ` · round ${a.round}` : ""}`}
        actions={
          a.canEdit ? (
            <div className="flex gap-2">
              {stopped ? (
                <Button
                  size="sm"
                  variant="primary"
                  disabled={reopen.isPending}
                  onClick={() => reopen.mutate()}
                >
                  Start a new round
                </Button>
              ) : null}
              {a.status === "inReview" ? (
                <Button size="sm" disabled={cancel.isPending} onClick={() => cancel.mutate()}>
                  Cancel the request
                </Button>
              ) : null}
            </div>
          ) : null
        }
      />
      <div className="flex flex-wrap items-center gap-x-5 gap-y-2 text-[13px]">
        <span
          className="inline-flex items-center gap-2 font-semibold text-foreground"
          data-testid="approval-status"
        >
          <span
            aria-hidden
            className={cn("size-2.5 rounded-full", statusTone({ status: a.status, overdue }))}
          />
          {status}
        </span>
        <span className={cn("inline-flex items-center gap-1.5", overdue ? "text-amber-300" : "text-muted")}>
          <CalendarClock aria-hidden className="size-4" />
          {dueText(a.dueAt, now, a.status === "inReview")}
        </span>
        {a.canEdit && a.status === "inReview" ? (
          <DueEditor key={a.dueAt ?? "none"} id={a.id} dueAt={a.dueAt} />
        ) : null}
        {a.boardId ? (
          <Link
            href={`/gallery?board=${a.boardId}`}
            className="inline-flex items-center gap-1.5 text-muted hover:text-foreground"
          >
            <FolderOpen aria-hidden className="size-4" />
            {a.boardName ?? "Board"}
          </Link>
        ) : null}
        {a.holdDownloads ? (
          <span className="inline-flex items-center gap-1.5 text-muted">
            <Download aria-hidden className="size-4" />
            {a.status === "approved" ? "Downloads open" : "Downloads held until approved"}
          </span>
        ) : null}
      </div>
      <FormError>{actionError}</FormError>
      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,1.2fr)]">
        <div className="flex flex-col gap-4">
          {a.awaitsYou ? (
            <DecisionPanel
              busy={decide.isPending}
              error={decide.error?.errors[0]?.message}
              onDecide={(decision, note) => decide.mutate({ decision, note })}
            />
          ) : null}
          <ManagedStages approval={a} />
        </div>
        <section aria-label="Items" className="flex flex-col gap-3">
          <h2 className="font-semibold text-[15px] text-foreground">Items</h2>
          <ul className="grid grid-cols-[repeat(auto-fill,minmax(9rem,1fr))] gap-3">
            {a.items.map((item) => (
              <li key={item.id}>
                <Link
                  href={viewerUrl(item.id)}
                  className="block overflow-hidden rounded-card border border-border bg-surface-sunken"
                >
                  {/* biome-ignore lint/performance/noImgElement: studio thumbnails come from our own route. */}
                  <img
                    src={item.thumbUrl}
                    alt={item.prompt ?? `An ${item.kind}`}
                    className="aspect-square w-full object-cover"
                  />
                </Link>
              </li>
            ))}
          </ul>
        </section>
      </div>
    </div>
  );
}
