"use client";

import { type KeyboardEvent, useLayoutEffect, useRef, useState } from "react";
import { type MentionCandidate, mentionQueryAt } from "@/lib/studio/comments/mentions";

/**
 * A comment's text with `@` mentions: typing `@` offers the names that start with what follows it
 * (when `enabled`), and arrows and Enter or Tab pick one into the text.
 */
export function useMentionPicker(members: readonly MentionCandidate[], enabled: boolean) {
  const [text, setText] = useState("");
  const [caret, setCaret] = useState(0);
  const [active, setActive] = useState(0);
  const area = useRef<HTMLTextAreaElement>(null);
  // Where the caret goes once a picked name is in the text: placed before the browser handles the
  // next key, so typing straight on after a pick continues after the name.
  const caretAfterPick = useRef<number | null>(null);

  const query = enabled ? mentionQueryAt(text, caret) : null;
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

  /** The list's keys while it is open: true when the key was the list's. */
  const onListKey = (event: KeyboardEvent<HTMLTextAreaElement>): boolean => {
    if (!open) return false;
    if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      event.preventDefault();
      setActive((a) => (a + (event.key === "ArrowDown" ? 1 : suggestions.length - 1)) % suggestions.length);
      return true;
    }
    if (event.key === "Enter" || event.key === "Tab") {
      const member = suggestions[active];
      if (member) {
        event.preventDefault();
        pick(member);
        return true;
      }
    }
    return false;
  };

  return {
    text,
    setText,
    area,
    open,
    suggestions,
    active,
    pick,
    onListKey,
    /** The textarea's own handlers: its text and caret, each change closing any pick in hand. */
    onChange: (target: HTMLTextAreaElement) => {
      setText(target.value);
      setCaret(target.selectionStart);
      setActive(0);
    },
    onSelect: (target: HTMLTextAreaElement) => setCaret(target.selectionStart),
  };
}
