"use client";

import { Link2, Link2Off, Plus, Replace, UserMinus } from "lucide-react";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { FormError } from "@/components/ui/field";
import {
  useAddReviewer,
  useReissueLink,
  useRemoveReviewer,
  useReplaceReviewer,
  useRevokeLink,
} from "@/lib/client/approvals/reviewers";
import { plainName, type ReviewerChange, reviewersClosedWords } from "@/lib/studio/approvals/change-words";
import type { ApprovalView, GuestLink, ReviewerView, StageView } from "@/lib/studio/approvals/views";
import { ConfirmReviewerChange } from "./reviewer-confirm";
import { NewGuestLinks, ReviewerForm } from "./reviewer-form";
import { StageList } from "./stage-list";

type Form = { kind: "add"; stage: number } | { kind: "replace"; reviewer: ReviewerView } | null;

/** Small enough that a guest's four controls share one line beside a 1280-wide page's items. */
const ACTION = "h-7 gap-1 px-2 text-[12.5px]";

/** The page's changes to its reviewers: the five calls, whether one runs, and the last refusal. */
function useReviewerChanges(id: string) {
  const add = useAddReviewer(id);
  const replace = useReplaceReviewer(id);
  const remove = useRemoveReviewer(id);
  const reissue = useReissueLink(id);
  const revoke = useRevokeLink(id);
  const all = [add, replace, remove, reissue, revoke];
  return {
    add,
    replace,
    remove,
    reissue,
    revoke,
    busy: all.some((m) => m.isPending),
    error: all.find((m) => m.error)?.error?.errors[0]?.message,
    /** A new action starts with no refusal of the one before on show. */
    clear: () => {
      for (const m of all) m.reset();
    },
  };
}

type Changes = ReturnType<typeof useReviewerChanges>;

/**
 * One reviewer's controls: replace or remove before they decide; a guest's link, withdrawn or new.
 * Removing and withdrawing ask first (`onAsk`).
 */
function ReviewerActions({
  r,
  changeable,
  guest,
  changes,
  onReplace,
  onAsk,
  onLinks,
}: {
  r: ReviewerView;
  changeable: boolean;
  guest: boolean;
  changes: Changes;
  onReplace(): void;
  onAsk(kind: ReviewerChange["kind"]): void;
  onLinks(links: GuestLink[]): void;
}) {
  const name = plainName(r);
  const { busy, clear } = changes;
  const press = (action: () => void) => () => {
    clear();
    action();
  };
  return (
    <div className="flex flex-wrap gap-1">
      {changeable ? (
        <>
          <Button
            size="sm"
            variant="ghost"
            className={ACTION}
            aria-label={`Replace ${name}`}
            onClick={press(onReplace)}
          >
            <Replace aria-hidden />
            Replace
          </Button>
          <Button
            size="sm"
            variant="ghost"
            className={ACTION}
            aria-label={`Remove ${name}`}
            disabled={busy}
            onClick={press(() => onAsk("remove"))}
          >
            <UserMinus aria-hidden />
            Remove
          </Button>
        </>
      ) : null}
      {guest && r.link === "active" ? (
        <Button
          size="sm"
          variant="ghost"
          className={ACTION}
          aria-label={`Withdraw ${name}’s link`}
          disabled={busy}
          onClick={press(() => onAsk("revoke"))}
        >
          <Link2Off aria-hidden />
          Withdraw link
        </Button>
      ) : null}
      {guest ? (
        <Button
          size="sm"
          variant="ghost"
          className={ACTION}
          aria-label={`Make ${name} a new link`}
          disabled={busy}
          onClick={press(() =>
            changes.reissue.mutate(r.id, { onSuccess: (out) => onLinks([out.guestLink]) }),
          )}
        >
          <Link2 aria-hidden />
          New link
        </Button>
      ) : null}
    </div>
  );
}

/**
 * The stages as the request's page shows them; its requester (or an owner) also changes who
 * decides a stage that has not decided yet, and withdraws or renews a guest's link.
 */
export function ManagedStages({ approval }: { approval: ApprovalView }) {
  const changes = useReviewerChanges(approval.id);
  const [form, setForm] = useState<Form>(null);
  const [links, setLinks] = useState<GuestLink[]>([]);
  const [asking, setAsking] = useState<ReviewerChange | null>(null);
  const confirm = (change: ReviewerChange) => {
    const call = change.kind === "remove" ? changes.remove : changes.revoke;
    call.mutate(change.reviewer.id, { onSuccess: () => setAsking(null) });
  };
  const open = approval.canEdit && approval.status === "inReview";
  const undecided = (stage: StageView) => open && (stage.state === "active" || stage.state === "waiting");
  const membersOf = (stage: StageView) => stage.reviewers.flatMap((r) => (r.userId ? [r.userId] : []));
  const done = (made: GuestLink[]) => {
    setForm(null);
    if (made.length > 0) setLinks(made);
  };

  const reviewerActions = (stage: StageView, r: ReviewerView) => {
    const changeable = undecided(stage) && r.decision === null;
    const guest = r.kind === "guest" && approval.canEdit;
    if (!changeable && !guest) return null;
    if (form?.kind === "replace" && form.reviewer.id === r.id)
      return (
        <ReviewerForm
          title={`Put someone in ${plainName(r)}’s place`}
          submitLabel="Replace"
          excludeIds={membersOf(stage)}
          busy={changes.busy}
          onCancel={() => setForm(null)}
          onSubmit={(reviewer) =>
            changes.replace.mutate(
              { reviewerId: r.id, reviewer },
              { onSuccess: (out) => done(out.guestLinks) },
            )
          }
        />
      );
    return (
      <ReviewerActions
        r={r}
        changeable={changeable}
        guest={guest}
        changes={changes}
        onReplace={() => setForm({ kind: "replace", reviewer: r })}
        onAsk={(kind) => setAsking({ kind, reviewer: r, stage })}
        onLinks={setLinks}
      />
    );
  };

  const stageFooter = (stage: StageView) => {
    if (!undecided(stage)) return null;
    if (form?.kind === "add" && form.stage === stage.position)
      return (
        <ReviewerForm
          title={`Add a reviewer to stage ${stage.position}`}
          submitLabel={`Add to stage ${stage.position}`}
          excludeIds={membersOf(stage)}
          busy={changes.busy}
          onCancel={() => setForm(null)}
          onSubmit={(reviewer) =>
            changes.add.mutate(
              { stage: stage.position, reviewer },
              { onSuccess: (out) => done(out.guestLinks) },
            )
          }
        />
      );
    return (
      <Button
        size="sm"
        variant="ghost"
        className="mt-1"
        aria-label={`Add a reviewer to stage ${stage.position}`}
        onClick={() => {
          changes.clear();
          setForm({ kind: "add", stage: stage.position });
        }}
      >
        <Plus aria-hidden />
        Add a reviewer
      </Button>
    );
  };

  return (
    <div className="flex flex-col gap-3">
      {links.length > 0 ? <NewGuestLinks links={links} onDone={() => setLinks([])} /> : null}
      {approval.canEdit && !open ? (
        <p className="text-[13px] text-muted" data-testid="reviewers-closed">
          {reviewersClosedWords(approval.status)}
        </p>
      ) : null}
      <FormError>{asking ? undefined : changes.error}</FormError>
      <ConfirmReviewerChange
        change={asking}
        busy={changes.busy}
        error={changes.error}
        onConfirm={confirm}
        onCancel={() => {
          changes.clear();
          setAsking(null);
        }}
      />
      <StageList
        stages={approval.stages}
        reviewerActions={approval.canEdit ? reviewerActions : undefined}
        stageFooter={open ? stageFooter : undefined}
      />
    </div>
  );
}
