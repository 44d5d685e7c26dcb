"use client";

import { useQueryClient } from "@tanstack/react-query";
import { usePathname, useRouter } from "next/navigation";
import { type ReactNode, useState } from "react";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { FormError, TextField } from "@/components/ui/field";
import { invalidateVotesOf } from "@/lib/client/votes/keys";
import { ApiError } from "@/lib/studio/api/errors";
import { questionNoun, questionsWords } from "@/lib/studio/votes/count-words";
import { ranksAtOnce } from "@/lib/studio/votes/criteria";
import { questionsBody, type VoteQuestionsDraft, VoteQuestionsFields } from "./vote-questions-fields";

/** What every start body takes besides what it compares. */
export interface VoteStart {
  name?: string;
  criteria?: string[];
  format?: "pairs" | "fours";
}

/**
 * The frame every "Start a blind vote" dialog shares: what the vote compares (`children`), its
 * optional question, its criteria and whether it ranks three or four at once (`variants`: how many
 * it compares, when known), a line on the pairs or sets it makes, the refusal in the API's words, and Start.
 * `start` opens the vote once the person presses Start; `onStarted` gets the new vote's id.
 */
export function StartVoteDialog({
  title,
  description,
  nameId,
  namePlaceholder,
  status,
  blocked = false,
  variants = null,
  pairs = null,
  start,
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
  variants?: number | null;
  /** The pairs the vote makes, when it may be started: ranked four at once, they are named as sets. */
  pairs?: number | null;
  start(options: VoteStart): Promise<{ id: string }>;
  onStarted(voteId: string): void;
  onClose(): void;
  children?: ReactNode;
}) {
  const [name, setName] = useState("");
  const [questions, setQuestions] = useState<VoteQuestionsDraft>({ criteria: [], fours: false });
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  // The switch keeps its choice while the compared count changes, but a set is of the count
  // chosen now: three or four; any other count asks pairs, whatever the switch last said.
  const fours = questions.fours && (variants === null || ranksAtOnce(variants));
  const size = variants ?? undefined;

  async function send() {
    setSending(true);
    try {
      const started = await start({
        name: name.trim() || undefined,
        ...questionsBody({ ...questions, fours }),
      });
      onStarted(started.id);
    } catch (err) {
      setError(err instanceof ApiError ? err.errors.map((e) => e.message).join(" ") : String(err));
    } finally {
      setSending(false);
    }
  }

  return (
    <Dialog open onOpenChange={(o) => (o ? null : onClose())} title={title} description={description}>
      <form
        className="flex flex-col gap-4"
        onSubmit={(e) => {
          e.preventDefault();
          void send();
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
        <VoteQuestionsFields
          idPrefix={nameId}
          value={questions}
          onChange={setQuestions}
          variants={variants}
        />
        {/* What the vote will make and Start stay in view while the fields above scroll, on a
            short screen too (1280x720): the dialog's body scrolls, this foot sticks to its bottom. */}
        <div
          data-testid="start-vote-foot"
          className="sticky -bottom-4 z-10 -mx-5 -mb-4 flex flex-col gap-2 border-border border-t bg-panel px-5 py-3"
        >
          <p role="status" className="text-[13px] text-muted">
            {!fours || blocked
              ? status
              : pairs !== null
                ? `${questionsWords("fours", pairs, size)} for each voter to rank`
                : `Each voter ranks one ${questionNoun("fours", size)} at a time.`}
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
        </div>
      </form>
    </Dialog>
  );
}

/** A vote started from a page that lists its votes: the list reads again, and its panel opens here. */
export function useOpenVoteHere(anchorId: string, onClose: () => void): (voteId: string) => void {
  const router = useRouter();
  const pathname = usePathname();
  const client = useQueryClient();
  return (voteId) => {
    void invalidateVotesOf(client, anchorId);
    onClose();
    router.replace(`${pathname}?vote=${voteId}`, { scroll: false });
  };
}
