"use client";

import { MapPin, PenLine, X } from "lucide-react";
import { type KeyboardEvent, useLayoutEffect, useRef, useState } from "react";
import { Button } from "@/components/ui/button";
import { cn } from "@/components/ui/cn";
import { formatTime } from "@/lib/client/review/pins";
import { useViewerStore } from "@/lib/client/review/viewer-store";
import { COMMENT_MAX, type CommentPin } from "@/lib/studio/comments";
import { type Mark, marksLabel } from "@/lib/studio/marks";
import { type MentionCandidate, mentionQueryAt } from "@/lib/studio/mentions";
import { GUEST_NAME_MAX } from "@/lib/studio/organize";
import { MEMBER_SCOPE, scopeRules, type ViewerScope } from "@/lib/studio/share-scope";

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
 * (lib/client/review/use-review.ts, lib/client/review/guest-comments.ts); both store it the same way.
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
  const [text, setText] = useState("");
  const [caret, setCaret] = useState(0);
  const [active, setActive] = useState(0);
  const area = useRef<HTMLTextAreaElement>(null);
  // Where the caret goes once a picked name is in the text: placed before the browser handles the
  // next key, so typing straight on after a pick continues after the name.
  const caretAfterPick = useRef<number | null>(null);
  const placing = useViewerStore((s) => s.placingPin);
  const pending = useViewerStore((s) => s.pendingPin);
  const currentTime = useViewerStore((s) => s.currentTime);
  const setPlacing = useViewerStore((s) => s.setPlacingPin);
  const setPending = useViewerStore((s) => s.setPendingPin);
  const drawing = useViewerStore((s) => s.drawing);
  const draftMarks = useViewerStore((s) => s.draftMarks);
  const setDrawing = useViewerStore((s) => s.setDrawing);
  const setDraftMarks = useViewerStore((s) => s.setDraftMarks);
  const withPin = parentId === undefined;
  const now = Math.round(currentTime * 100) / 100;
  const inPoint = pending && "seconds" in pending ? pending.seconds : null;

  const query = rules.mentions ? mentionQueryAt(text, caret) : null;
  const suggestions = query
    ? members.filter((m) => m.name.toLowerCase().startsWith(query.query.toLowerCase())).slice(0, 6)
    : [];
  const open = suggestions.length > 0 && !suggestions.some((s) => s.name === query?.query);

  const pick = (member: MentionCandidate) => {
    if (!query) return;
    const next = `${text.slice(0, query.start)}@${member.name} ${text.slice(caret)}`;
    const at = query.start + member.name.length + 2;
    setText(next);
    setCaret(at);
    setActive(0);
    caretAfterPick.current = at;
  };

  useLayoutEffect(() => {
    const at = caretAfterPick.current;
    if (at === null || !area.current) return;
    caretAfterPick.current = null;
    area.current.setSelectionRange(at, at);
  });

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
          setText("");
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
    if (open) {
      if (event.key === "ArrowDown" || event.key === "ArrowUp") {
        event.preventDefault();
        setActive((a) => (a + (event.key === "ArrowDown" ? 1 : suggestions.length - 1)) % suggestions.length);
        return;
      }
      if (event.key === "Enter" || event.key === "Tab") {
        const member = suggestions[active];
        if (member) {
          event.preventDefault();
          pick(member);
          return;
        }
      }
    }
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
      <div className="relative">
        <textarea
          ref={area}
          value={text}
          maxLength={COMMENT_MAX}
          rows={parentId ? 2 : 3}
          aria-label={parentId ? "Reply" : "Comment"}
          placeholder={parentId ? "Reply…" : rules.words.placeholder}
          onChange={(e) => {
            setText(e.target.value);
            setCaret(e.target.selectionStart);
            setActive(0);
          }}
          onSelect={(e) => setCaret(e.currentTarget.selectionStart)}
          onKeyDown={onKeyDown}
          className="w-full resize-y rounded-control border border-border-strong bg-surface-sunken px-3 py-2 text-[13px] text-foreground placeholder:text-muted-subtle focus:border-accent focus:outline-none"
        />
        {open ? (
          <div
            role="listbox"
            aria-label="Mention someone"
            className="absolute inset-x-0 top-full z-20 mt-1 overflow-hidden rounded-control border border-border-strong bg-panel-raised shadow-panel"
          >
            {suggestions.map((m, i) => (
              <div
                key={m.id}
                role="option"
                tabIndex={-1}
                aria-selected={i === active}
                onPointerDown={(e) => {
                  e.preventDefault();
                  pick(m);
                }}
                className={cn(
                  "cursor-pointer px-3 py-1.5 text-[13px]",
                  i === active ? "bg-panel-hover text-foreground" : "text-muted",
                )}
              >
                @{m.name}
              </div>
            ))}
          </div>
        ) : null}
      </div>
      {add.error ? (
        <p role="alert" className="text-[12px] text-danger-fg">
          {add.error.message}
        </p>
      ) : null}
      <div className="flex flex-wrap items-center gap-2">
        {withPin ? (
          <Button
            variant={drawing ? "primary" : "ghost"}
            size="sm"
            aria-pressed={drawing}
            onClick={() => setDrawing(!drawing)}
          >
            <PenLine aria-hidden />
            {kind === "image" ? "Draw on the image" : "Draw on this frame"}
          </Button>
        ) : null}
        {withPin && draftMarks.length > 0 ? (
          <span className="inline-flex items-center gap-1 rounded-full border border-accent/40 bg-accent/10 px-2 py-0.5 text-[12px] text-accent-fg">
            <PenLine aria-hidden className="size-3" />
            {marksLabel(draftMarks.length)}
            <button type="button" aria-label="Remove the marks" onClick={() => setDraftMarks([])}>
              <X aria-hidden className="size-3" />
            </button>
          </span>
        ) : null}
        {withPin ? (
          pending ? (
            <span className="inline-flex items-center gap-1 rounded-full border border-warning/40 bg-warning/10 px-2 py-0.5 text-[12px] text-warning-fg">
              <MapPin aria-hidden className="size-3" />
              {"seconds" in pending
                ? pending.endSeconds !== undefined
                  ? `From ${formatTime(pending.seconds)} to ${formatTime(pending.endSeconds)}`
                  : `Pinned at ${formatTime(pending.seconds)}`
                : "Pinned to a point"}
              <button type="button" aria-label="Remove the pin" onClick={() => setPending(null)}>
                <X aria-hidden className="size-3" />
              </button>
            </span>
          ) : null
        ) : null}
        {withPin ? (
          kind === "image" ? (
            pending ? null : (
              <Button
                variant={placing ? "primary" : "ghost"}
                size="sm"
                aria-pressed={placing}
                onClick={() => setPlacing(!placing)}
              >
                <MapPin aria-hidden />
                {placing ? "Click the image…" : "Pin to a point"}
              </Button>
            )
          ) : (
            <span className="inline-flex items-center">
              <Button
                variant="ghost"
                size="sm"
                title="The comment's moment, or the start of its range"
                onClick={() =>
                  setPending(
                    pending &&
                      "seconds" in pending &&
                      pending.endSeconds !== undefined &&
                      pending.endSeconds > now
                      ? { seconds: now, endSeconds: pending.endSeconds }
                      : { seconds: now },
                  )
                }
              >
                <MapPin aria-hidden />
                Set in at {formatTime(now)}
              </Button>
              <Button
                variant="ghost"
                size="sm"
                title="The end of the comment's range"
                disabled={now <= (inPoint ?? 0)}
                onClick={() => setPending({ seconds: inPoint ?? 0, endSeconds: now })}
              >
                Set out at {formatTime(now)}
              </Button>
            </span>
          )
        ) : null}
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
