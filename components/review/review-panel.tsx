"use client";

import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Segmented } from "@/components/ui/segmented";
import { Select } from "@/components/ui/select";
import { newVersionHref } from "@/lib/client/create/recall-links";
import { useAddComment, useAssign, useRate, useSetState } from "@/lib/client/review/use-review";
import type { CommentThread } from "@/lib/studio/comments/comments";
import type { ItemDetail } from "@/lib/studio/items/item-detail";
import { REVIEW_STATE_LABELS, REVIEW_STATES, type ReviewState } from "@/lib/studio/review/review";
import { can, type Role } from "@/lib/studio/roles";
import { MEMBER_SCOPE } from "@/lib/studio/share/share-scope";
import { CarriedThreads } from "../comments/carried-threads";
import { CommentBox } from "../comments/comment-box";
import { CommentThreads } from "../comments/comment-threads";
import { HistoryList } from "./history-list";
import { ItemDetails, subjectOf } from "./item-details";
import { RatingStars, TeamRating } from "./rating-stars";
import { ViewerPanel } from "./viewer-panel";

const STATE_OPTIONS = REVIEW_STATES.map((value) => ({ value, label: REVIEW_STATE_LABELS[value] }));

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <div className="flex flex-col gap-1.5">
      <h3 className="font-medium text-[11.5px] text-muted-subtle uppercase tracking-[0.12em]">{title}</h3>
      {children}
    </div>
  );
}

/**
 * The viewer's review side: the team's rating and mine, the review state, the assignee, and tabs
 * for the comment threads, the item's details and its history. A viewer sees it all read-only.
 */
export function ReviewPanel({
  detail,
  me,
  threads,
  numbers,
  search,
  onMoreComments,
}: {
  /** Set while older threads remain to be read. */
  onMoreComments?: (() => void) | undefined;
  detail: ItemDetail;
  me: { id: string; role: Role };
  threads: readonly CommentThread[];
  numbers: ReadonlyMap<string, number>;
  search: string;
}) {
  const { item } = detail;
  const review = item.review;
  const canReview = can(me.role, "review") && !review?.deletedAt;
  const rate = useRate(item.id);
  const add = useAddComment(item.id);
  const setState = useSetState(item.id);
  const assign = useAssign(item.id);
  const reviewers = detail.members.filter((m) => m.role !== "viewer");
  const assignee = detail.members.find((m) => m.id === review?.assigneeId);
  const error = rate.error ?? setState.error ?? assign.error;
  const openThreads = threads.filter((t) => !t.resolved).length;
  const versionHref = can(me.role, "generate")
    ? (commentId: string) => newVersionHref(item, commentId)
    : undefined;

  return (
    <ViewerPanel
      scope={MEMBER_SCOPE}
      openThreads={openThreads}
      header={
        <div className="flex flex-col gap-4 border-border border-b p-4">
          <div className="flex items-start justify-between gap-3">
            <Section title="Team rating">
              <TeamRating avg={review?.ratingAvg ?? null} count={review?.ratingCount ?? 0} />
            </Section>
            {canReview ? (
              <Section title="My rating">
                <RatingStars
                  value={detail.myRating}
                  disabled={rate.isPending}
                  onChange={(value) => rate.mutate(value)}
                />
              </Section>
            ) : null}
          </div>
          <Section title="Review state">
            {canReview ? (
              <Segmented<ReviewState>
                label="Review state"
                value={review?.state ?? "draft"}
                options={STATE_OPTIONS}
                onChange={(state) => setState.mutate(state)}
                className="self-start"
              />
            ) : (
              <Badge
                data-testid="review-state"
                tone={review?.state === "approved" ? "success" : "neutral"}
                className="self-start"
              >
                {REVIEW_STATE_LABELS[review?.state ?? "draft"]}
              </Badge>
            )}
          </Section>
          <Section title="Assigned to">
            {canReview ? (
              <Select
                aria-label="Assigned to"
                value={review?.assigneeId ?? ""}
                onChange={(e) => assign.mutate(e.target.value || null)}
                className="w-full"
              >
                <option value="">Nobody</option>
                {reviewers.map((m) => (
                  <option key={m.id} value={m.id}>
                    {m.name}
                  </option>
                ))}
              </Select>
            ) : (
              <p data-testid="assignee" className="text-[13px] text-foreground/90">
                {assignee?.name ?? "Nobody"}
              </p>
            )}
          </Section>
          {review?.deletedAt ? (
            <p className="rounded-control border border-warning/30 bg-warning/10 px-3 py-2 text-[12.5px] text-warning-fg">
              This item is in the trash: its review is read-only until an owner restores it.
            </p>
          ) : null}
          {error ? (
            <p role="alert" className="text-[12.5px] text-danger-fg">
              {error.message}
            </p>
          ) : null}
        </div>
      }
      comments={
        <>
          {canReview ? <CommentBox send={add} kind={item.kind} members={detail.members} /> : null}
          <CommentThreads
            itemId={item.id}
            kind={item.kind}
            threads={threads}
            numbers={numbers}
            members={detail.members}
            canReview={canReview}
            meId={me.id}
            newVersionHref={versionHref}
          />
          <CarriedThreads
            item={item}
            meId={me.id}
            members={detail.members}
            canReview={canReview}
            newVersionHref={versionHref}
          />
          {onMoreComments ? (
            <Button variant="ghost" size="sm" onClick={onMoreComments}>
              Show more comments
            </Button>
          ) : null}
        </>
      }
      details={<ItemDetails subject={subjectOf(detail)} search={search} />}
      history={<HistoryList itemId={item.id} members={detail.members} />}
    />
  );
}
