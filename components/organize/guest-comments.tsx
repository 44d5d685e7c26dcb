"use client";

import { PenLine, X } from "lucide-react";
import { useEffect, useState } from "react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { cn } from "@/components/ui/cn";
import { FormError, inputClasses } from "@/components/ui/field";
import { call } from "@/lib/client/endpoint-client";
import { formatTime } from "@/lib/client/review-pins";
import { useViewerStore } from "@/lib/client/viewer-store";
import { api } from "@/lib/studio/api";
import { ApiError } from "@/lib/studio/api/errors";
import type { GuestComment } from "@/lib/studio/api/share";
import { marksLabel } from "@/lib/studio/marks";
import { GUEST_NAME_MAX } from "@/lib/studio/organize";

const timeFormat = new Intl.DateTimeFormat("en", {
  month: "short",
  day: "numeric",
  hour: "2-digit",
  minute: "2-digit",
});

/** A comment's range of the video, or its marks, pressed to be shown on the media. */
function Placement({
  comment,
  selected,
  onSelect,
}: {
  comment: GuestComment;
  selected: boolean;
  onSelect: (comment: GuestComment | null) => void;
}) {
  const pin = comment.pin;
  const range = pin && "seconds" in pin && pin.endSeconds !== undefined ? pin : null;
  if (!range && comment.marks.length === 0) return null;
  return (
    <button
      type="button"
      aria-pressed={selected}
      onClick={() => onSelect(selected && !range ? null : comment)}
      className={cn(
        "self-start rounded-full px-2 py-0.5 text-[12px] hover:underline",
        selected ? "bg-accent/20 text-foreground" : "text-accent-fg",
      )}
    >
      {range
        ? `Play ${formatTime(range.seconds)}–${formatTime(range.endSeconds ?? range.seconds)}`
        : `Show ${marksLabel(comment.marks.length)}`}
      {range && comment.marks.length > 0 ? ` · ${marksLabel(comment.marks.length)}` : ""}
    </button>
  );
}

/**
 * Each thread's first comment with its replies, in the order the threads began. Pages come oldest
 * first, so a thread's first comment is always loaded before its replies.
 */
function threadsOf(comments: readonly GuestComment[]) {
  return comments
    .filter((c) => c.parentId === null)
    .map((top) => ({ top, replies: comments.filter((c) => c.parentId === top.id) }));
}

/** One comment: the guest's own, or the team's reply signed "Team". */
function CommentLine({
  comment: c,
  selected,
  onSelect,
}: {
  comment: GuestComment;
  selected: boolean;
  onSelect: (comment: GuestComment | null) => void;
}) {
  return (
    <div data-testid={c.guest ? "guest-comment" : "team-reply"} className="flex flex-col gap-0.5">
      <p className="text-[12px] text-muted-subtle">
        <span className="font-medium text-foreground">{c.authorName}</span>
        {c.guest ? (
          <Badge className="ml-1.5" title="Commented through the share link, not a member of the team">
            Guest
          </Badge>
        ) : null}{" "}
        · {timeFormat.format(new Date(c.createdAt))}
      </p>
      <p className="whitespace-pre-wrap text-[13px] text-foreground">{c.body}</p>
      <Placement comment={c} selected={selected} onSelect={onSelect} />
    </div>
  );
}

/**
 * The guest's own comments on a shared item with the team's replies to them, and a form for a guest to add one under a name they give. A
 * comment drawn on, or holding a range of the video, is pressed to show it on the media.
 */
export function GuestComments({
  token,
  itemId,
  kind,
  moment = () => null,
  selectedId = null,
  onSelect = () => undefined,
}: {
  token: string;
  itemId: string;
  kind: "image" | "video";
  /** The video's moment on screen: marks drawn on a video belong to that frame. */
  moment?: () => number | null;
  selectedId?: string | null;
  onSelect?: (comment: GuestComment | null) => void;
}) {
  const drawing = useViewerStore((s) => s.drawing);
  const draftMarks = useViewerStore((s) => s.draftMarks);
  const setDrawing = useViewerStore((s) => s.setDrawing);
  const setDraftMarks = useViewerStore((s) => s.setDraftMarks);
  const [comments, setComments] = useState<GuestComment[]>([]);
  const [cursor, setCursor] = useState<string | null>(null);
  const [name, setName] = useState("");
  const [body, setBody] = useState("");
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    let live = true;
    void call(api.share.comments, { params: { token }, query: { itemId } })
      .catch(() => null)
      .then((page) => {
        if (!live || !page) return;
        setComments(page.comments);
        setCursor(page.nextCursor);
      });
    return () => {
      live = false;
    };
  }, [token, itemId]);

  async function more() {
    if (!cursor) return;
    const page = await call(api.share.comments, { params: { token }, query: { itemId, cursor } }).catch(
      () => null,
    );
    if (!page) return;
    setComments((prev) => [...prev, ...page.comments]);
    setCursor(page.nextCursor);
  }

  function guestPlacement() {
    if (draftMarks.length === 0) return {};
    const seconds = kind === "video" ? moment() : null;
    return {
      marks: draftMarks,
      ...(seconds !== null ? { pin: { seconds: Math.round(seconds * 100) / 100 } } : {}),
    };
  }

  async function send() {
    setBusy(true);
    setError(undefined);
    try {
      const { comment } = await call(api.share.comment, {
        params: { token },
        query: { itemId },
        body: { name, body, ...guestPlacement() },
      });
      setComments((prev) => [...prev, comment]);
      setBody("");
      setDrawing(false);
      setDraftMarks([]);
    } catch (err) {
      setError(err instanceof ApiError ? err.error.message : "The comment was not sent. Try again.");
    }
    setBusy(false);
  }

  return (
    <section
      className="flex flex-col gap-3 rounded-card border border-border bg-panel p-4"
      aria-label="Comments"
    >
      <div className="flex flex-col gap-0.5">
        <h2 className="font-medium text-[13px] text-muted">Comments</h2>
        <p className="text-[12px] text-muted-subtle" data-testid="guest-comments-note">
          Only the team reads what you write here; their replies to you appear below it.
        </p>
      </div>
      {comments.length === 0 ? <p className="text-[13px] text-muted-subtle">No comments yet.</p> : null}
      <ul className="flex flex-col gap-3">
        {threadsOf(comments).map(({ top, replies }) => (
          <li key={top.id} className="flex flex-col gap-2">
            <CommentLine comment={top} selected={selectedId === top.id} onSelect={onSelect} />
            {replies.length > 0 ? (
              <ul className="ml-3 flex flex-col gap-2 border-border border-l pl-3" aria-label="Replies">
                {replies.map((r) => (
                  <li key={r.id}>
                    <CommentLine comment={r} selected={selectedId === r.id} onSelect={onSelect} />
                  </li>
                ))}
              </ul>
            ) : null}
          </li>
        ))}
      </ul>
      {cursor ? (
        <Button size="sm" variant="ghost" className="self-start" onClick={() => void more()}>
          Show more comments
        </Button>
      ) : null}
      <form
        className="flex flex-col gap-2 border-border border-t pt-3"
        onSubmit={(e) => {
          e.preventDefault();
          void send();
        }}
      >
        <label htmlFor="guest-name" className="font-medium text-[13px] text-foreground">
          Your name
        </label>
        <input
          id="guest-name"
          value={name}
          maxLength={GUEST_NAME_MAX}
          onChange={(e) => setName(e.target.value)}
          className={cn(inputClasses, "h-9")}
        />
        <label htmlFor="guest-body" className="font-medium text-[13px] text-foreground">
          Comment
        </label>
        <textarea
          id="guest-body"
          value={body}
          maxLength={4000}
          rows={3}
          onChange={(e) => setBody(e.target.value)}
          className={cn(inputClasses, "h-auto py-2")}
        />
        <div className="flex flex-wrap items-center gap-2">
          <Button
            size="sm"
            variant={drawing ? "primary" : "ghost"}
            aria-pressed={drawing}
            onClick={() => setDrawing(!drawing)}
          >
            <PenLine aria-hidden />
            {kind === "image" ? "Draw on the image" : "Draw on this frame"}
          </Button>
          {draftMarks.length > 0 ? (
            <span className="inline-flex items-center gap-1 rounded-full border border-accent/40 bg-accent/10 px-2 py-0.5 text-[12px] text-accent-fg">
              {marksLabel(draftMarks.length)}
              <button type="button" aria-label="Remove the marks" onClick={() => setDraftMarks([])}>
                <X aria-hidden className="size-3" />
              </button>
            </span>
          ) : null}
        </div>
        <FormError>{error}</FormError>
        <Button
          type="submit"
          variant="primary"
          size="sm"
          className="self-end"
          disabled={busy || !name.trim() || !body.trim()}
        >
          Post comment
        </Button>
      </form>
    </section>
  );
}
