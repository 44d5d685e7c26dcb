"use client";

import { Plus, Trash2, UserRound, X } from "lucide-react";
import { type KeyboardEvent, useState } from "react";
import { Button } from "@/components/ui/button";
import { inputClasses } from "@/components/ui/field";
import type { MemberView } from "@/lib/studio/api/members";
import { APPROVAL_LIMITS } from "@/lib/studio/approvals/approvals";
import { GuestEmailInput } from "./guest-email-input";

/** A guest as the form holds them: a name, and the address their link is emailed to, if known. */
export interface GuestDraft {
  name: string;
  email: string;
}

/** A stage as the form holds it: its name, the members chosen and the guests named. */
export interface StageDraft {
  /** The form's own key for the stage, never sent. */
  key: number;
  name: string;
  memberIds: string[];
  guests: GuestDraft[];
}

/** One stage of a request being made: its name, members to tick and guests to name. */
export function StageEditor({
  index,
  stage,
  members,
  onChange,
  onRemove,
}: {
  index: number;
  stage: StageDraft;
  members: readonly MemberView[];
  onChange(stage: StageDraft): void;
  onRemove?: () => void;
}) {
  const [guest, setGuest] = useState("");
  const [email, setEmail] = useState("");
  const addGuest = () => {
    const name = guest.trim();
    if (!name) return;
    if (!stage.guests.some((g) => g.name === name))
      onChange({ ...stage, guests: [...stage.guests, { name, email: email.trim() }] });
    setGuest("");
    setEmail("");
  };
  const onEnter = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === "Enter") {
      e.preventDefault();
      addGuest();
    }
  };
  return (
    <fieldset
      className="flex flex-col gap-3 rounded-card border border-border bg-surface-sunken/40 p-3"
      data-testid={`stage-${index + 1}`}
    >
      <legend className="px-1 font-medium text-[12px] text-muted">Stage {index + 1}</legend>
      <div className="flex items-center gap-2">
        <input
          aria-label={`Stage ${index + 1} name`}
          className={inputClasses}
          value={stage.name}
          maxLength={60}
          onChange={(e) => onChange({ ...stage, name: e.target.value })}
        />
        {onRemove ? (
          <Button variant="ghost" size="sm" onClick={onRemove} aria-label={`Remove stage ${index + 1}`}>
            <Trash2 aria-hidden />
          </Button>
        ) : null}
      </div>
      <fieldset className="flex flex-wrap gap-1.5" aria-label={`Stage ${index + 1} members`}>
        {members.map((m) => {
          const on = stage.memberIds.includes(m.id);
          return (
            <label
              key={m.id}
              className={`inline-flex cursor-pointer items-center gap-1.5 rounded-full border px-2.5 py-1 text-[12.5px] ${
                on
                  ? "border-accent bg-accent/15 text-foreground"
                  : "border-border-strong text-muted hover:text-foreground"
              }`}
            >
              <input
                type="checkbox"
                className="sr-only"
                checked={on}
                onChange={() =>
                  onChange({
                    ...stage,
                    memberIds: on ? stage.memberIds.filter((id) => id !== m.id) : [...stage.memberIds, m.id],
                  })
                }
              />
              <UserRound aria-hidden className="size-3.5" />
              {m.name}
            </label>
          );
        })}
      </fieldset>
      {stage.guests.length > 0 ? (
        <ul className="flex flex-wrap gap-1.5">
          {stage.guests.map((g, i) => (
            <li
              key={g.name}
              className="inline-flex items-center gap-1 rounded-full border border-border-strong px-2.5 py-1 text-[12.5px] text-foreground"
            >
              {g.name} <span className="text-muted-subtle">(guest{g.email ? ` · ${g.email}` : ""})</span>
              <button
                type="button"
                aria-label={`Remove guest ${g.name}`}
                className="text-muted hover:text-foreground"
                onClick={() => onChange({ ...stage, guests: stage.guests.filter((_, j) => j !== i) })}
              >
                <X aria-hidden className="size-3" />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      <div className="flex flex-wrap items-center gap-2 sm:flex-nowrap">
        <input
          aria-label={`Stage ${index + 1} guest name`}
          placeholder="A guest's name (reviews by link)"
          className={inputClasses}
          value={guest}
          maxLength={APPROVAL_LIMITS.guestNameMax}
          onChange={(e) => setGuest(e.target.value)}
          onKeyDown={onEnter}
        />
        <GuestEmailInput
          label={`Stage ${index + 1} guest email (optional)`}
          value={email}
          onChange={setEmail}
          onEnter={onEnter}
        />
        <Button size="sm" onClick={addGuest} disabled={!guest.trim()}>
          <Plus aria-hidden />
          Add guest
        </Button>
      </div>
    </fieldset>
  );
}
