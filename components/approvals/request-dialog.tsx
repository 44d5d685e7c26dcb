"use client";

import { ClipboardCheck, Copy, Plus } from "lucide-react";
import { useState } from "react";
import { Button, ButtonLink } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { FormError, TextField } from "@/components/ui/field";
import { useCreateApproval } from "@/lib/client/approvals/approvals";
import { useEndpoint } from "@/lib/client/endpoint-client";
import { api } from "@/lib/studio/api/addresses";
import { APPROVAL_LIMITS } from "@/lib/studio/approvals/approvals";
import type { GuestLink } from "@/lib/studio/approvals/views";
import { type StageDraft, StageEditor } from "./stage-editor";

const FIRST_STAGES: StageDraft[] = [
  { key: 1, name: "Internal review", memberIds: [], guests: [] },
  { key: 2, name: "Client review", memberIds: [], guests: [] },
];

/**
 * "Request approval" for a board or the gallery's selection: a title, a due date, whether
 * downloads wait for approval, and the stages with who decides in each. Once made, it shows each
 * guest's link (shown this once) and the way to the request's page.
 */
/** What the dialog says once the request is made: who was told, and what is left to send. */
function madeWords(links: GuestLink[]): string {
  const told = "The first stage's reviewers were told.";
  if (links.length === 0) return told;
  if (links.every((l) => l.emailedTo)) {
    return `${told} ${links.length === 1 ? "The guest was" : "Each guest was"} sent their link by email; it is shown only now, should you want to send it another way.`;
  }
  return `${told} Send their link to each guest not emailed: it is shown only now.`;
}

export function RequestApprovalButton({
  target,
  defaultTitle,
  size = "sm",
}: {
  target: { boardId: string } | { itemIds: string[] };
  defaultTitle: string;
  size?: "sm" | "md";
}) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button size={size} onClick={() => setOpen(true)}>
        <ClipboardCheck aria-hidden />
        Request approval
      </Button>
      {open ? (
        <RequestDialog target={target} defaultTitle={defaultTitle} onClose={() => setOpen(false)} />
      ) : null}
    </>
  );
}

function RequestDialog({
  target,
  defaultTitle,
  onClose,
}: {
  target: { boardId: string } | { itemIds: string[] };
  defaultTitle: string;
  onClose(): void;
}) {
  const members = useEndpoint(api.members.list, {});
  const create = useCreateApproval();
  const [title, setTitle] = useState(defaultTitle);
  const [due, setDue] = useState("");
  const [hold, setHold] = useState(false);
  const [stages, setStages] = useState<StageDraft[]>(FIRST_STAGES);
  const [made, setMade] = useState<{ id: string; guestLinks: GuestLink[] } | null>(null);
  const error = create.error?.errors.map((e) => e.message).join(" ");

  async function submit() {
    const out = await create.mutateAsync({
      ...target,
      title: title.trim(),
      // The end of the chosen day, in the member's own time zone.
      dueAt: due ? new Date(`${due}T23:59:00`).toISOString() : null,
      holdDownloads: hold,
      stages: stages.map((s) => ({
        name: s.name.trim(),
        reviewers: [
          ...s.memberIds.map((userId) => ({ userId })),
          ...s.guests.map((g) => ({ guestName: g.name, ...(g.email ? { guestEmail: g.email } : {}) })),
        ],
      })),
    });
    setMade({ id: out.approval.id, guestLinks: out.guestLinks });
  }

  return (
    <Dialog
      open
      onOpenChange={(o) => (o ? null : onClose())}
      title={made ? "Approval requested" : "Request approval"}
      description={
        made
          ? madeWords(made.guestLinks)
          : "Stages decide in order: the next starts when every reviewer of the one before approves."
      }
      className="w-[min(44rem,calc(100vw-2rem))]"
    >
      {made ? (
        <GuestLinks made={made} onClose={onClose} />
      ) : (
        <form
          className="flex flex-col gap-4"
          onSubmit={(e) => {
            e.preventDefault();
            void submit().catch(() => {});
          }}
        >
          <TextField
            id="approval-title"
            label="Title"
            value={title}
            maxLength={APPROVAL_LIMITS.titleMax}
            onChange={(e) => setTitle(e.target.value)}
          />
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField
              id="approval-due"
              label="Due date"
              type="date"
              value={due}
              onChange={(e) => setDue(e.target.value)}
              hint="Reviewers get a daily reminder as it nears."
            />
            <label className="flex items-start gap-2 pt-7 text-[13px] text-foreground">
              <input
                type="checkbox"
                checked={hold}
                onChange={(e) => setHold(e.target.checked)}
                className="mt-0.5"
              />
              <span>
                Hold downloads until approved
                <span className="block text-muted-subtle text-xs">
                  Guests and viewers cannot download originals before.
                </span>
              </span>
            </label>
          </div>
          <div className="flex max-h-[40dvh] flex-col gap-3 overflow-y-auto pr-1">
            {stages.map((stage, i) => (
              <StageEditor
                key={stage.key}
                index={i}
                stage={stage}
                members={members.data ?? []}
                onChange={(next) => setStages(stages.map((s, j) => (j === i ? next : s)))}
                {...(stages.length > 1
                  ? { onRemove: () => setStages(stages.filter((_, j) => j !== i)) }
                  : {})}
              />
            ))}
          </div>
          {stages.length < APPROVAL_LIMITS.stagesMax ? (
            <Button
              size="sm"
              variant="ghost"
              className="self-start"
              onClick={() =>
                setStages([
                  ...stages,
                  {
                    key: Math.max(...stages.map((s) => s.key)) + 1,
                    name: `Stage ${stages.length + 1}`,
                    memberIds: [],
                    guests: [],
                  },
                ])
              }
            >
              <Plus aria-hidden />
              Add a stage
            </Button>
          ) : null}
          <FormError>{error}</FormError>
          <div className="flex justify-end gap-2">
            <Button onClick={onClose}>Cancel</Button>
            <Button type="submit" variant="primary" disabled={create.isPending || !title.trim()}>
              Send for approval
            </Button>
          </div>
        </form>
      )}
    </Dialog>
  );
}

/** Each guest's link, shown this once, and the way to the request's page. */
function GuestLinks({ made, onClose }: { made: { id: string; guestLinks: GuestLink[] }; onClose(): void }) {
  return (
    <div className="flex flex-col gap-4">
      {made.guestLinks.map((g) => (
        <div key={g.reviewerId} className="flex flex-col gap-1.5">
          <p className="font-medium text-[13px] text-foreground">
            {g.name}’s link
            {g.emailedTo ? (
              <span className="font-normal text-muted"> — sent by email to {g.emailedTo}</span>
            ) : null}
          </p>
          <div className="flex items-center gap-2">
            <input
              readOnly
              value={g.url}
              aria-label={`${g.name}’s link`}
              className="h-9 flex-1 rounded-control border border-border-strong bg-surface-sunken px-3 font-mono text-[12px] text-foreground"
            />
            <Button size="sm" onClick={() => void navigator.clipboard?.writeText(g.url)}>
              <Copy aria-hidden />
              Copy
            </Button>
          </div>
        </div>
      ))}
      <div className="flex justify-end gap-2">
        <Button onClick={onClose}>Close</Button>
        <ButtonLink variant="primary" href={`/approvals/${made.id}`}>
          Open the request
        </ButtonLink>
      </div>
    </div>
  );
}
