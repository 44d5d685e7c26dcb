"use client";

import { Link2Off, UserMinus } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { FormError } from "@/components/ui/field";
import { type ReviewerChange, reviewerChangeWords } from "@/lib/studio/approvals/change-words";

/**
 * Asked before a reviewer is removed or a guest's link withdrawn: neither can be undone from
 * here, so the question names who loses access and what becomes of their decision.
 */
export function ConfirmReviewerChange({
  change,
  busy,
  error,
  onConfirm,
  onCancel,
}: {
  change: ReviewerChange | null;
  busy: boolean;
  error: string | undefined;
  onConfirm(change: ReviewerChange): void;
  onCancel(): void;
}) {
  const words = change ? reviewerChangeWords(change) : null;
  return (
    <Dialog
      open={change !== null}
      onOpenChange={(open) => (open ? null : onCancel())}
      title={words?.title ?? ""}
    >
      <div className="flex flex-col gap-4">
        <ul className="flex flex-col gap-2 text-[13px] text-muted">
          {words?.lines.map((line) => (
            <li key={line} className="rounded-control bg-panel-raised px-3 py-2">
              {line}
            </li>
          ))}
        </ul>
        <FormError>{error}</FormError>
        <div className="flex justify-end gap-2">
          <Button variant="ghost" onClick={onCancel}>
            Cancel
          </Button>
          <Button
            variant="primary"
            disabled={busy || change === null}
            onClick={() => (change ? onConfirm(change) : undefined)}
          >
            {change?.kind === "revoke" ? <Link2Off aria-hidden /> : <UserMinus aria-hidden />}
            {words?.confirmLabel}
          </Button>
        </div>
      </div>
    </Dialog>
  );
}
