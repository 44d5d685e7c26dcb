"use client";

import { CheckCircle2, Layers, MapPin, Pencil, PenLine, Play, RotateCcw } from "lucide-react";
import { Fragment, useState } from "react";
import { Badge } from "@/components/ui/badge";
import { Button, ButtonLink } from "@/components/ui/button";
import { cn } from "@/components/ui/cn";
import { formatTime } from "@/lib/client/comments/pins";
import { useAddComment, usePatchComment } from "@/lib/client/review/use-review";
import { useViewerStore } from "@/lib/client/review/viewer-store";
import type { CommentThread, CommentView } from "@/lib/studio/comments/comments";
import { marksLabel } from "@/lib/studio/comments/marks";
import type { MentionCandidate } from "@/lib/studio/comments/mentions";
import { versionLabel } from "@/lib/studio/versions/versions";
import { CommentBox } from "./comment-box";
import { CommentEdit } from "./comment-edit";

const timeFormat = new Intl.DateTimeFormat("en", {
  month: "short",
  day: "numeric",
  hour: "2-digit",
  minute: "2-digit",
});

/** A comment's text with the members it mentions set apart. */
function Body({ comment }: { comment: CommentView }) {
  const names = comment.mentions.map((m) => `@${m.name}`).sort((a, b) => b.length - a.length);
  if (names.length === 0) return <>{comment.body}</>;
  const escaped = names.map((n) => n.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"));
  const parts = comment.body.split(new RegExp(`(${escaped.join("|")})`, "gi"));
  return (
    <>
      {parts.map((part, i) =>
        names.some((n) => n.toLowerCase() === part.toLowerCase()) ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: parts of one fixed text, in order.
          <span key={i} className="rounded bg-accent/15 px-0.5 font-medium text-accent-fg">
            {part}
          </span>
        ) : (
          // biome-ignore lint/suspicious/noArrayIndexKey: parts of one fixed text, in order.
          <Fragment key={i}>{part}</Fragment>
        ),
      )}
    </>
  );
}

function Comment({
  itemId,
  comment,
  number,
  mine,
}: {
  itemId: string;
  comment: CommentView;
  number?: number | undefined;
  /** Mine to edit (and I may still review this item). */
  mine: boolean;
}) {
  const seekTo = useViewerStore((s) => s.seekTo);
  const playRange = useViewerStore((s) => s.playRange);
  const selected = useViewerStore((s) => s.selectedCommentId === comment.id);
  const setSelected = useViewerStore((s) => s.setSelectedComment);
  const [editing, setEditing] = useState(false);
  const pin = comment.pin;
  return (
    <div className="flex gap-2.5">
      {number !== undefined ? (
        <span
          className={cn(
            "mt-0.5 flex size-5 shrink-0 items-center justify-center rounded-full font-semibold text-[10px]",
            comment.resolved ? "bg-panel-hover text-muted" : "bg-accent-strong text-white",
          )}
        >
          {number}
        </span>
      ) : null}
      <div className="min-w-0 flex-1">
        <p className="flex flex-wrap items-baseline gap-x-2 text-[12px]">
          <span className="font-semibold text-foreground">{comment.authorName}</span>
          {comment.authorId === null ? (
            <Badge title="Commented through a share link, not a member of the team">Guest</Badge>
          ) : null}
          <time dateTime={comment.createdAt} className="text-muted-subtle">
            {timeFormat.format(new Date(comment.createdAt))}
          </time>
          {comment.editedAt ? <span className="text-muted-subtle">(edited)</span> : null}
          {pin && "seconds" in pin && pin.endSeconds !== undefined ? (
            <button
              type="button"
              data-testid="range-chip"
              aria-label={`Play from ${formatTime(pin.seconds)} to ${formatTime(pin.endSeconds)}`}
              onClick={() => {
                setSelected(comment.id);
                playRange?.(pin.seconds, pin.endSeconds ?? pin.seconds);
              }}
              className="inline-flex items-center gap-0.5 text-accent-fg hover:underline"
            >
              <Play aria-hidden className="size-3" />
              {formatTime(pin.seconds)}–{formatTime(pin.endSeconds)}
            </button>
          ) : pin && "seconds" in pin ? (
            <button
              type="button"
              onClick={() => seekTo?.(pin.seconds)}
              className="inline-flex items-center gap-0.5 text-accent-fg hover:underline"
            >
              <MapPin aria-hidden className="size-3" />
              {formatTime(pin.seconds)}
            </button>
          ) : null}
          {comment.marks.length > 0 ? (
            <button
              type="button"
              aria-pressed={selected}
              title={selected ? "Hide the marks" : "Show the marks on the media"}
              onClick={() => {
                setSelected(selected ? null : comment.id);
                // A video's marks are drawn on the frame at the comment's moment: go there.
                if (!selected && pin && "seconds" in pin) seekTo?.(pin.seconds);
              }}
              className={cn(
                "inline-flex items-center gap-0.5 rounded-full px-1.5 hover:underline",
                selected ? "bg-accent/20 text-foreground" : "text-accent-fg",
              )}
            >
              <PenLine aria-hidden className="size-3" />
              {marksLabel(comment.marks.length)}
            </button>
          ) : null}
          {mine && !editing ? (
            <button
              type="button"
              aria-label="Edit my comment"
              onClick={() => setEditing(true)}
              className="ml-auto inline-flex items-center gap-0.5 text-muted-subtle hover:text-foreground"
            >
              <Pencil aria-hidden className="size-3" />
              Edit
            </button>
          ) : null}
        </p>
        {editing ? (
          <CommentEdit itemId={itemId} comment={comment} onDone={() => setEditing(false)} />
        ) : (
          <p className="mt-0.5 whitespace-pre-wrap break-words text-[13px] text-foreground/90 leading-snug">
            <Body comment={comment} />
          </p>
        )}
      </div>
    </div>
  );
}

/** The item's discussion: threads with replies, resolve and reopen, reply boxes. */
export function CommentThreads({
  itemId,
  kind,
  threads,
  numbers,
  members,
  canReview,
  meId,
  newVersionHref,
  madeOn,
}: {
  /** Where "New version" on a thread leads (Create with the recipe and the thread's words). */
  newVersionHref?: ((commentId: string) => string) | undefined;
  /** The version these threads were made on, when they show on a later one ("on v1"). */
  madeOn?: number | undefined;
  /** The signed-in member: their own comments can be edited. */
  meId: string;
  itemId: string;
  kind: "image" | "video";
  threads: readonly CommentThread[];
  numbers: ReadonlyMap<string, number>;
  members: readonly MentionCandidate[];
  canReview: boolean;
}) {
  const [replying, setReplying] = useState<string | null>(null);
  const patch = usePatchComment(itemId);
  const add = useAddComment(itemId);
  const highlighted = useViewerStore((s) => s.highlightedCommentId);
  const setHighlighted = useViewerStore((s) => s.setHighlightedComment);
  if (threads.length === 0) {
    return (
      <p className="rounded-control border border-border border-dashed px-4 py-6 text-center text-[13px] text-muted-subtle">
        No comments yet.{canReview ? " Start the discussion above." : ""}
      </p>
    );
  }
  return (
    <ol className="flex flex-col gap-3">
      {threads.map((t) => (
        <li
          key={t.id}
          id={`comment-${t.id}`}
          data-testid="comment-thread"
          data-resolved={t.resolved}
          onPointerEnter={() => setHighlighted(t.id)}
          onPointerLeave={() => setHighlighted(null)}
          className={cn(
            "flex flex-col gap-3 rounded-control border bg-panel-raised/60 p-3 transition-colors",
            highlighted === t.id ? "border-accent/60" : "border-border",
            t.resolved && "opacity-70",
          )}
        >
          {madeOn !== undefined ? (
            <p className="flex items-center gap-1.5 text-[11.5px] text-muted-subtle">
              <Badge data-testid="made-on" title={`Written on ${versionLabel(madeOn)}, still open`}>
                {`on ${versionLabel(madeOn)}`}
              </Badge>
              {t.pin ? `Pin made on ${versionLabel(madeOn)}: it shows on that version's media.` : null}
            </p>
          ) : null}
          <Comment
            itemId={itemId}
            comment={t}
            number={numbers.get(t.id)}
            mine={canReview && t.authorId === meId}
          />
          {t.replies.length > 0 ? (
            <ol className="flex flex-col gap-2.5 border-border border-l pl-3">
              {t.replies.map((r) => (
                <li key={r.id} id={`comment-${r.id}`} data-testid="comment-reply">
                  <Comment itemId={itemId} comment={r} mine={canReview && r.authorId === meId} />
                </li>
              ))}
            </ol>
          ) : null}
          {t.resolved ? (
            <p className="flex items-center gap-1 text-[12px] text-success-fg">
              <CheckCircle2 aria-hidden className="size-3.5" />
              Resolved{t.resolvedByName ? ` by ${t.resolvedByName}` : ""}
            </p>
          ) : null}
          {canReview ? (
            replying === t.id ? (
              <CommentBox
                send={add}
                kind={kind}
                members={members}
                parentId={t.id}
                onDone={() => setReplying(null)}
              />
            ) : (
              <div className="flex gap-1">
                <Button variant="ghost" size="sm" onClick={() => setReplying(t.id)}>
                  Reply
                </Button>
                <Button
                  variant="ghost"
                  size="sm"
                  disabled={patch.isPending}
                  onClick={() => patch.mutate({ id: t.id, resolved: !t.resolved })}
                >
                  {t.resolved ? <RotateCcw aria-hidden /> : <CheckCircle2 aria-hidden />}
                  {t.resolved ? "Reopen" : "Resolve"}
                </Button>
                {newVersionHref && !t.resolved ? (
                  <ButtonLink
                    variant="ghost"
                    size="sm"
                    href={newVersionHref(t.id)}
                    title="Make the next version from this item's recipe, with this comment beside the prompt"
                  >
                    <Layers aria-hidden />
                    New version
                  </ButtonLink>
                ) : null}
              </div>
            )
          ) : null}
        </li>
      ))}
    </ol>
  );
}
