"use client";

import { Scale } from "lucide-react";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { FormError, TextField } from "@/components/ui/field";
import { callApi } from "@/lib/client/api";

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
  const [name, setName] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const pairs = (itemIds.length * (itemIds.length - 1)) / 2;

  async function start() {
    setSending(true);
    const out = await callApi<{ data: { id: string } }>("/api/rounds", {
      body: { items: itemIds, ...(name.trim() ? { name: name.trim() } : {}) },
    });
    setSending(false);
    if (!out.ok) {
      setError(out.errors.map((e) => e.message).join(" "));
      return;
    }
    const id = out.data.data.id;
    router.push(`/votes/${id}?round=${id}`);
  }

  return (
    <Dialog
      open
      onOpenChange={(o) => (o ? null : onClose())}
      title="Start a blind vote between these results"
      description="Teammates (reviewers and up) pick the better of two results without knowing which is which. The ranking shows once you close the vote."
    >
      <form
        className="flex flex-col gap-4"
        onSubmit={(e) => {
          e.preventDefault();
          void start();
        }}
      >
        <TextField
          id="compare-round-name"
          label="Question (optional)"
          placeholder="Which result works best?"
          value={name}
          onChange={(e) => setName(e.target.value)}
        />
        <p role="status" className="text-[13px] text-muted">
          {itemIds.length} results · {pairs} {pairs === 1 ? "pair" : "pairs"} for each voter
        </p>
        <FormError>{error}</FormError>
        <div className="flex justify-end gap-2">
          <Button variant="ghost" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" variant="primary" disabled={sending}>
            Start the vote
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
