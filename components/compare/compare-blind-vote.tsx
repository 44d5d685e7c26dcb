"use client";

import { Scale } from "lucide-react";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { StartVoteDialog } from "@/components/votes/start-vote-dialog";
import { call } from "@/lib/client/endpoint-client";
import { api } from "@/lib/studio/api/addresses";

/**
 * "Blind vote…" on the compare page: teammates pick the better of each two of the compared results
 * without knowing which is which. Opens the new vote's own page with its voting panel.
 */
export function CompareBlindVote({ itemIds }: { itemIds: readonly string[] }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button size="sm" variant="secondary" onClick={() => setOpen(true)}>
        <Scale aria-hidden /> Blind vote…
      </Button>
      {open ? <CompareBlindVoteDialog itemIds={itemIds} onClose={() => setOpen(false)} /> : null}
    </>
  );
}

function CompareBlindVoteDialog({ itemIds, onClose }: { itemIds: readonly string[]; onClose(): void }) {
  const router = useRouter();
  const pairs = (itemIds.length * (itemIds.length - 1)) / 2;
  return (
    <StartVoteDialog
      title="Start a blind vote between these results"
      description="Teammates (reviewers and up) pick the better of two results without knowing which is which. The ranking shows once you close the vote."
      nameId="compare-round-name"
      namePlaceholder="Which result works best?"
      status={`${itemIds.length} results · ${pairs} ${pairs === 1 ? "pair" : "pairs"} for each voter`}
      variants={itemIds.length}
      pairs={pairs}
      start={(options) => call(api.votes.startOnResults, { body: { items: [...itemIds], ...options } })}
      // The vote's own page, with its voting panel open.
      onStarted={(id) => router.push(`/votes/${id}?vote=${id}`)}
      onClose={onClose}
    />
  );
}
