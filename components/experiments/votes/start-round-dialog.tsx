"use client";

import { useQueryClient } from "@tanstack/react-query";
import { usePathname, useRouter } from "next/navigation";
import { type ReactNode, useState } from "react";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { FormError, TextField } from "@/components/ui/field";
import { callApi } from "@/lib/client/api";
import { roundsKey } from "@/lib/client/live/round-changes";

/**
 * The frame every "Start a blind vote" dialog shares: what the vote compares (`children`), its
 * optional question, a line on the pairs it makes, the refusal in the API's words, and Start.
 * `body` is what `url` is sent once the person presses Start; `onStarted` gets the new round's id.
 */
export function StartRoundDialog({
  title,
  description,
  nameId,
  namePlaceholder,
  status,
  blocked = false,
  url,
  body,
  onStarted,
  onClose,
  children,
}: {
  title: string;
  description: string;
  nameId: string;
  namePlaceholder: string;
  status: ReactNode;
  blocked?: boolean;
  url: string;
  body: () => Record<string, unknown>;
  onStarted(roundId: string): void;
  onClose(): void;
  children?: ReactNode;
}) {
  const [name, setName] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);

  async function start() {
    setSending(true);
    const question = name.trim();
    const out = await callApi<{ data: { id: string } }>(url, {
      body: { ...body(), ...(question ? { name: question } : {}) },
    });
    setSending(false);
    if (!out.ok) {
      setError(out.errors.map((e) => e.message).join(" "));
      return;
    }
    onStarted(out.data.data.id);
  }

  return (
    <Dialog open onOpenChange={(o) => (o ? null : onClose())} title={title} description={description}>
      <form
        className="flex flex-col gap-4"
        onSubmit={(e) => {
          e.preventDefault();
          void start();
        }}
      >
        {children}
        <TextField
          id={nameId}
          label="Question (optional)"
          placeholder={namePlaceholder}
          value={name}
          onChange={(e) => setName(e.target.value)}
        />
        <p role="status" className="text-[13px] text-muted">
          {status}
        </p>
        <FormError>{error}</FormError>
        <div className="flex justify-end gap-2">
          <Button variant="ghost" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" variant="primary" disabled={sending || blocked}>
            Start the vote
          </Button>
        </div>
      </form>
    </Dialog>
  );
}

/** A round started from a page that lists its rounds: the list reads again, and its panel opens here. */
export function useOpenRoundHere(anchorId: string, onClose: () => void): (roundId: string) => void {
  const router = useRouter();
  const pathname = usePathname();
  const client = useQueryClient();
  return (roundId) => {
    void client.invalidateQueries({ queryKey: roundsKey(anchorId) });
    onClose();
    router.replace(`${pathname}?round=${roundId}`, { scroll: false });
  };
}
