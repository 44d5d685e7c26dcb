import type { Metadata } from "next";
import { PickedResultsVotePage } from "@/components/votes/picked-results-vote-page";
import { requirePageUser } from "@/lib/server/api/page-session";
import { can } from "@/lib/studio/roles";

export const metadata: Metadata = { title: "Blind vote" };

type Props = { params: Promise<{ id: string }> };

/**
 * A blind vote's own page, whatever it compares: its card (vote, close, share, its ranking once
 * closed), with nothing that labels its pictures while it is open.
 */
export default async function Page({ params }: Props) {
  const user = await requirePageUser();
  const { id } = await params;
  return (
    <PickedResultsVotePage
      id={id}
      canRun={can(user.role, "generate")}
      canVote={can(user.role, "review")}
      canShare={can(user.role, "organize")}
    />
  );
}
