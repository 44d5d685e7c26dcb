"use client";

import type { KeyboardEvent } from "react";
import { cn } from "@/components/ui/cn";
import { COMMENT_MAX } from "@/lib/studio/comments/comments";
import type { MentionCandidate } from "@/lib/studio/comments/mentions";
import type { useMentionPicker } from "./use-mention-picker";

/** The names offered after `@`, under the comment's text; a press picks one. */
export function MentionList({
  suggestions,
  active,
  onPick,
}: {
  suggestions: readonly MentionCandidate[];
  active: number;
  onPick: (member: MentionCandidate) => void;
}) {
  return (
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
            onPick(m);
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
  );
}

/** A comment's text, with the names offered after `@` under it. */
export function MentionTextarea({
  mentions,
  label,
  rows,
  placeholder,
  onKeyDown,
}: {
  mentions: ReturnType<typeof useMentionPicker>;
  label: string;
  rows: number;
  placeholder: string;
  onKeyDown: (event: KeyboardEvent<HTMLTextAreaElement>) => void;
}) {
  return (
    <div className="relative">
      <textarea
        ref={mentions.area}
        value={mentions.text}
        maxLength={COMMENT_MAX}
        rows={rows}
        aria-label={label}
        placeholder={placeholder}
        onChange={(e) => mentions.onChange(e.target)}
        onSelect={(e) => mentions.onSelect(e.currentTarget)}
        onKeyDown={onKeyDown}
        className="w-full resize-y rounded-control border border-border-strong bg-surface-sunken px-3 py-2 text-[13px] text-foreground placeholder:text-muted-subtle focus:border-accent focus:outline-none"
      />
      {mentions.open ? (
        <MentionList suggestions={mentions.suggestions} active={mentions.active} onPick={mentions.pick} />
      ) : null}
    </div>
  );
}
