"use client";

import { type KeyboardEvent, useState } from "react";
import { Button } from "@/components/ui/button";
import { useViewerStore } from "@/lib/client/review/viewer-store";
import type { CommentPin } from "@/lib/studio/comments/comments";
import type { Mark } from "@/lib/studio/comments/marks";
import type { MentionCandidate } from "@/lib/studio/comments/mentions";
import { GUEST_NAME_MAX } from "@/lib/studio/organize/organize";
import { MEMBER_SCOPE, scopeRules, type ViewerScope } from "@/lib/studio/share/share-scope";
import { CommentPinControls, useNow } from "./comment-pin-controls";
import { MentionTextarea } from "./mention-list";
import { useMentionPicker } from "./use-mention-picker";

/** A comment as the box sends it; a guest's carries the name they give. */
export interface SentComment {
  body: string;
  name?: string;
  parentId?: string;
  pin?: CommentPin;
  marks?: Mark[];
}

/**
 * Where the box sends: the member's comment endpoint, or the share link's for a guest
 * (lib/client/review/use-review.ts, lib/client/comments/guest-comments.ts); both store it the same way.
 */
export interface CommentSender {
  mutate(input: SentComment, options: { onSuccess: () => void }): void;
  isPending: boolean;
  error: { message: string } | null;
}

/**
 * Writes a comment or a reply. Typing `@` offers the team's names (arrows and Enter or Tab pick
 * one) where the scope has mentions; a top-level comment may carry a pin (a point clicked on the
 * image, or the video's current moment) and marks. A guest also gives their name.
 */
export function CommentBox({
  send: add,
  scope = MEMBER_SCOPE,
  kind,
  members,
  parentId,
  onDone,
}: {
  send: CommentSender;
  scope?: ViewerScope;
  kind: "image" | "video";
  members: readonly MentionCandidate[];
  parentId?: string;
  onDone?: () => void;
}) {
  const rules = scopeRules(scope);
  const [name, setName] = useState("");
  const mentions = useMentionPicker(members, rules.mentions);
  const { text } = mentions;
  const pending = useViewerStore((s) => s.pendingPin);
  const setPending = useViewerStore((s) => s.setPendingPin);
  const draftMarks = useViewerStore((s) => s.draftMarks);
  const setDrawing = useViewerStore((s) => s.setDrawing);
  const setDraftMarks = useViewerStore((s) => s.setDraftMarks);
  const withPin = parentId === undefined;
  const now = useNow();

  const submit = () => {
    const body = text.trim();
    if (!body || (rules.askName && !name.trim())) return;
    const marks = withPin ? draftMarks : [];
    // Marks on a video are drawn on the frame on screen: with no moment chosen, that one.
    const pin = withPin
      ? (pending ?? (kind === "video" && marks.length > 0 ? { seconds: now } : null))
      : null;
    add.mutate(
      {
        body,
        ...(rules.askName ? { name } : {}),
        ...(parentId ? { parentId } : {}),
        ...(pin ? { pin } : {}),
        ...(marks.length > 0 ? { marks } : {}),
      },
      {
        onSuccess: () => {
          mentions.setText("");
          if (withPin) {
            setPending(null);
            setDrawing(false);
            setDraftMarks([]);
          }
          onDone?.();
        },
      },
    );
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (mentions.onListKey(event)) return;
    if (event.key === "Enter" && (event.metaKey || event.ctrlKey)) {
      event.preventDefault();
      submit();
    }
    if (event.key === "Escape" && onDone) onDone();
  };

  return (
    <div className="flex flex-col gap-2">
      {rules.askName ? (
        <label className="flex flex-col gap-1 font-medium text-[12px] text-muted">
          Your name
          <input
            value={name}
            maxLength={GUEST_NAME_MAX}
            autoComplete="name"
            onChange={(e) => setName(e.target.value)}
            className="h-9 rounded-control border border-border-strong bg-surface-sunken px-3 font-normal text-[13px] text-foreground focus:border-accent focus:outline-none"
          />
        </label>
      ) : null}
      <MentionTextarea
        mentions={mentions}
        label={parentId ? "Reply" : "Comment"}
        rows={parentId ? 2 : 3}
        placeholder={parentId ? "Reply…" : rules.words.placeholder}
        onKeyDown={onKeyDown}
      />
      {add.error ? (
        <p role="alert" className="text-[12px] text-danger-fg">
          {add.error.message}
        </p>
      ) : null}
      <div className="flex flex-wrap items-center gap-2">
        {withPin ? <CommentPinControls kind={kind} /> : null}
        <span className="ml-auto flex gap-2">
          {onDone ? (
            <Button variant="ghost" size="sm" onClick={onDone}>
              Cancel
            </Button>
          ) : null}
          <Button
            variant="primary"
            size="sm"
            disabled={!text.trim() || (rules.askName && !name.trim()) || add.isPending}
            onClick={submit}
          >
            {parentId ? "Reply" : rules.words.submit}
          </Button>
        </span>
      </div>
    </div>
  );
}
