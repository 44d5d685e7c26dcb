import type { Metadata } from "next";
import { ExperimentPage } from "@/components/experiments/experiment-page";
import { VotingBlindNotice } from "@/components/votes/voting-blind-notice";
import { pageRuntime, requirePageUser } from "@/lib/server/api/page-session";
import { ballotInProgress } from "@/lib/server/votes/blinded";
import { can } from "@/lib/studio/roles";

export const metadata: Metadata = { title: "Experiment" };

type Props = { params: Promise<{ id: string }> };

/**
 * One experiment: its labelled grid filling live, its controls, exports and versions; to a member
 * partway through a blind ballot on it, a notice that leads back to the ballot instead.
 */
export default async function Page({ params }: Props) {
  const user = await requirePageUser();
  const { id } = await params;
  const voting = await ballotInProgress((await pageRuntime()).database.db, user.id, { experimentId: id });
  if (voting) return <VotingBlindNotice voteId={voting} what="experiment" />;
  return (
    <ExperimentPage
      id={id}
      canRun={can(user.role, "generate")}
      canVote={can(user.role, "review")}
      canShare={can(user.role, "organize")}
    />
  );
}
