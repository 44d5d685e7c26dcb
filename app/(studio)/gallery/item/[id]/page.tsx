import type { Metadata } from "next";
import { Suspense } from "react";
import { ItemViewer } from "@/components/review/item-viewer";
import { VotingBlindNotice } from "@/components/votes/voting-blind-notice";
import { pageRuntime, requirePageUser } from "@/lib/server/api/page-session";
import { ballotInProgress } from "@/lib/server/votes/blinded";

export const metadata: Metadata = { title: "Item" };

/**
 * One item of the gallery, full size, with its review. The query string is the gallery's filter.
 * To a member partway through a blind ballot it is in, a notice that leads back to the ballot.
 */
export default async function ItemPage({ params }: { params: Promise<{ id: string }> }) {
  const [{ id }, user] = await Promise.all([params, requirePageUser()]);
  const voting = await ballotInProgress((await pageRuntime()).database.db, user.id, { itemId: id });
  if (voting) return <VotingBlindNotice voteId={voting} what="result" />;
  return (
    <Suspense>
      <ItemViewer itemId={id} me={{ id: user.id, role: user.role }} />
    </Suspense>
  );
}
