"use client";

import { type KeyboardEvent, useState } from "react";
import { Button } from "@/components/ui/button";
import { usePatchComment } from "@/lib/client/review/use-review";
import { COMMENT_MAX, type CommentView } from "@/lib/studio/comments/comments";

/**
 * My own comment's text, edited in place: Save (or Ctrl/⌘+Enter) keeps the change and marks the
 * comment "(edited)"; Cancel (or Escape) leaves it as it was.
 */
export function CommentEdit({
  itemId,
  comment,
  onDone,
}: {
  itemId: string;
  comment: CommentView;
  onDone: () => void;
}) {
  const [text, setText] = useState(comment.body);
  const patch = usePatchComment(itemId);
  const body = text.trim();

  const save = () => {
    if (!body) return;
    if (body === comment.body) {
      onDone();
      return;
    }
    patch.mutate({ id: comment.id, body }, { onSuccess: onDone });
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === "Enter" && (event.metaKey || event.ctrlKey)) {
      event.preventDefault();
      save();
    }
    if (event.key === "Escape") {
      event.preventDefault();
      onDone();
    }
  };

  return (
    <div className="mt-1 flex flex-col gap-2">
      <textarea
        // biome-ignore lint/a11y/noAutofocus: the person just asked to edit this text.
        autoFocus
        value={text}
        maxLength={COMMENT_MAX}
        rows={3}
        aria-label="Edit comment"
        onChange={(e) => setText(e.target.value)}
        onKeyDown={onKeyDown}
        className="w-full resize-y rounded-control border border-border-strong bg-surface-sunken px-3 py-2 text-[13px] text-foreground focus:border-accent focus:outline-none"
      />
      {patch.error ? (
        <p role="alert" className="text-[12px] text-danger-fg">
          {patch.error.message}
        </p>
      ) : null}
      <div className="flex justify-end gap-1">
        <Button variant="ghost" size="sm" onClick={onDone}>
          Cancel
        </Button>
        <Button size="sm" disabled={!body || patch.isPending} onClick={save}>
          Save
        </Button>
      </div>
    </div>
  );
}
