import "server-only";
import type { StudioDatabase } from "@/lib/server/db";
import type { VotePick, VoteRoundRow } from "@/lib/server/db/schema";

/**
 * Whose picks a ballot reads and writes, and where its media is served: the team's in `vote`
 * under `/api/votes/...`; guests' are their own (lib/server/votes/guest-ballot.ts).
 */
export interface Voters {
  /** Inside the transaction that holds the vote's row. */
  store(
    tx: Pick<StudioDatabase, "insert" | "select">,
    row: { pairId: string; voterId: string; roundId: string; criterion: number; pick: VotePick },
  ): Promise<void>;
  mediaUrl(round: VoteRoundRow, itemId: string): string;
  /** The voter has their ballot in front of them (a member's labels hide from then on). */
  opened(db: StudioDatabase, round: VoteRoundRow, voterId: string): Promise<void>;
}
