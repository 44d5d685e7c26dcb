"use client";

import { Copy } from "lucide-react";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { inputClasses } from "@/components/ui/field";
import { Select } from "@/components/ui/select";
import { useEndpoint } from "@/lib/client/endpoint-client";
import { api } from "@/lib/studio/api/addresses";
import { APPROVAL_LIMITS } from "@/lib/studio/approvals/approvals";
import type { NewReviewer } from "@/lib/studio/approvals/inputs";
import type { GuestLink } from "@/lib/studio/approvals/views";
import { GuestEmailInput } from "./guest-email-input";

/**
 * Who to add to a stage, or to put in a reviewer's place: a member of the team, or a guest by
 * name (and email, if known) who will review through a link of their own.
 */
export function ReviewerForm({
  title,
  submitLabel,
  excludeIds,
  busy,
  onSubmit,
  onCancel,
}: {
  title: string;
  submitLabel: string;
  /** Members already deciding in this stage. */
  excludeIds: readonly string[];
  busy: boolean;
  onSubmit(reviewer: NewReviewer): void;
  onCancel(): void;
}) {
  const members = useEndpoint(api.members.list, {});
  const choices = (members.data ?? []).filter((m) => !excludeIds.includes(m.id));
  const [kind, setKind] = useState<"member" | "guest">("member");
  const [userId, setUserId] = useState("");
  const [name, setName] = useState("");
  const [email, setEmail] = useState("");
  const ready = kind === "member" ? userId !== "" : name.trim() !== "";
  return (
    <form
      aria-label={title}
      className="mt-2 flex flex-col gap-3 rounded-card border border-border bg-surface-sunken/40 p-3"
      onSubmit={(e) => {
        e.preventDefault();
        if (!ready) return;
        onSubmit(
          kind === "member"
            ? { userId }
            : { guestName: name.trim(), ...(email.trim() ? { guestEmail: email.trim() } : {}) },
        );
      }}
    >
      <p className="font-medium text-[13px] text-foreground">{title}</p>
      <div role="radiogroup" aria-label="Who reviews" className="flex gap-4 text-[13px]">
        {(["member", "guest"] as const).map((k) => (
          <label key={k} className="inline-flex cursor-pointer items-center gap-1.5 text-foreground">
            <input type="radio" name="who" checked={kind === k} onChange={() => setKind(k)} />
            {k === "member" ? "A member of the team" : "A guest, through a link"}
          </label>
        ))}
      </div>
      {kind === "member" ? (
        <Select aria-label="Member" value={userId} onChange={(e) => setUserId(e.target.value)}>
          <option value="">Choose a member…</option>
          {choices.map((m) => (
            <option key={m.id} value={m.id}>
              {m.name}
            </option>
          ))}
        </Select>
      ) : (
        <div className="grid gap-2 sm:grid-cols-2">
          <input
            aria-label="Guest's name"
            placeholder="Their name"
            className={inputClasses}
            value={name}
            maxLength={APPROVAL_LIMITS.guestNameMax}
            onChange={(e) => setName(e.target.value)}
          />
          <GuestEmailInput label="Guest's email (optional)" value={email} onChange={setEmail} />
        </div>
      )}
      <div className="flex justify-end gap-2">
        <Button size="sm" variant="ghost" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" size="sm" variant="primary" disabled={busy || !ready}>
          {submitLabel}
        </Button>
      </div>
    </form>
  );
}

/** A guest's new link, shown this once (only its hash is kept), to copy and send them. */
export function NewGuestLinks({ links, onDone }: { links: readonly GuestLink[]; onDone(): void }) {
  return (
    <section
      aria-label="New guest link"
      className="flex flex-col gap-3 rounded-card border border-accent/60 bg-panel p-4"
    >
      {links.map((g) => (
        <div key={g.url} className="flex flex-col gap-1.5">
          <p className="font-medium text-[13px] text-foreground">
            {g.name}’s new link{" "}
            <span className="font-normal text-muted">
              {g.emailedTo
                ? `— sent by email to ${g.emailedTo}. It is shown here only once, should you want to send it another way.`
                : "— copy it now and send it to them; it is shown only once."}
            </span>
          </p>
          <div className="flex items-center gap-2">
            <input
              readOnly
              value={g.url}
              aria-label={`${g.name}’s link`}
              className="h-9 min-w-0 flex-1 rounded-control border border-border-strong bg-surface-sunken px-3 font-mono text-[12px] text-foreground"
            />
            <Button size="sm" onClick={() => void navigator.clipboard?.writeText(g.url)}>
              <Copy aria-hidden />
              Copy
            </Button>
          </div>
        </div>
      ))}
      <div className="flex justify-end">
        <Button size="sm" onClick={onDone}>
          Done
        </Button>
      </div>
    </section>
  );
}
