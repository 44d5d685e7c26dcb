"use client";

import { useState } from "react";
import { Button } from "@/components/ui/button";
import { FormError } from "@/components/ui/field";
import {
  APPROVAL_DECISIONS,
  APPROVAL_LIMITS,
  type ApprovalDecision,
  DECISION_LABELS,
} from "@/lib/studio/approvals/approvals";

/** The four decisions and a note: what a reviewer of the stage deciding now says. */
export function DecisionPanel({
  onDecide,
  busy,
  error,
}: {
  onDecide(decision: ApprovalDecision, note: string): void;
  busy: boolean;
  error?: string | undefined;
}) {
  const [note, setNote] = useState("");
  return (
    <section
      aria-label="Your decision"
      className="flex flex-col gap-3 rounded-card border border-accent/40 bg-accent/5 p-4"
    >
      <h2 className="font-semibold text-[15px] text-foreground">Your decision</h2>
      <textarea
        aria-label="Note for the requester"
        placeholder="A note for the requester (optional)"
        value={note}
        maxLength={APPROVAL_LIMITS.noteMax}
        onChange={(e) => setNote(e.target.value)}
        className="min-h-20 rounded-control border border-border-strong bg-surface-sunken px-3 py-2 text-foreground text-sm"
      />
      <div className="flex flex-wrap gap-2">
        {APPROVAL_DECISIONS.map((d) => (
          <Button
            key={d}
            size="sm"
            variant={d === "approve" ? "primary" : "secondary"}
            disabled={busy}
            onClick={() => onDecide(d, note)}
          >
            {DECISION_LABELS[d]}
          </Button>
        ))}
      </div>
      <FormError>{error}</FormError>
    </section>
  );
}
