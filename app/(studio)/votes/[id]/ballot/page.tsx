import type { Metadata } from "next";
import { BallotPage } from "@/components/votes/ballot-page";
import { requirePageUser } from "@/lib/server/api/page-session";
import { can } from "@/lib/studio/roles";

export const metadata: Metadata = { title: "Your ballot" };

type Props = { params: Promise<{ id: string }> };

/** A member's blind ballot, on a page of its own: nothing on it names what made a picture. */
export default async function Page({ params }: Props) {
  const user = await requirePageUser();
  const { id } = await params;
  return <BallotPage voteId={id} canVote={can(user.role, "review")} canClose={can(user.role, "generate")} />;
}
