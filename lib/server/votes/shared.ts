import "server-only";
import { eq } from "drizzle-orm";
import { evalSet, experiment } from "@/lib/server/db/schema";
import type { OrganizeDeps } from "@/lib/server/items/live";
import type { SharedLink } from "@/lib/server/share/links";
import type { VoteRanking, VoteResults } from "@/lib/studio/api/votes";
import { neutralVariantLabel } from "@/lib/studio/votes/words";
import { voteRow } from "./records";
import { voteResults } from "./results";

/**
 * What a guest reads through a vote's share link: the vote's counts while it is open (and a
 * ballot when the link takes votes: `guestVotes`), its rankings once closed. Null when the link
 * names an item or a board (the link is resolved live by lib/server/api/link-callers.ts). A link made without the parameters names the
 * variants "Variant A", "Variant B"... , the compared axis "Variant", and the experiment or set
 * by its kind only: a variant's own label is an axis value (a prompt, a model, a step count) or a
 * run's or result's settings and prompt.
 */
export async function sharedVote(
  deps: OrganizeDeps,
  link: SharedLink,
): Promise<{ results: VoteResults; experimentName: string; guestVotes: boolean } | null> {
  if (!link.roundId) return null;
  const round = await voteRow(deps.db, link.roundId);
  if (!round) return null;
  const [named] = round.experimentId
    ? await deps.db
        .select({ name: experiment.name })
        .from(experiment)
        .where(eq(experiment.id, round.experimentId))
    : round.evalSetId
      ? await deps.db.select({ name: evalSet.name }).from(evalSet).where(eq(evalSet.id, round.evalSetId))
      : [];
  const results = await voteResults(deps.db, round);
  const showParams = link.showParams;
  // A guest sees no ids of the studio's records.
  const shown = (ranking: VoteRanking | null): VoteRanking | null =>
    ranking && {
      ...ranking,
      variants: ranking.variants.map((v) => ({
        ...v,
        runId: null,
        label: showParams ? v.label : neutralVariantLabel(v.value),
      })),
    };
  return {
    results: {
      ...results,
      id: "",
      experimentId: null,
      evalSetId: null,
      axisName: showParams ? results.axisName : "Variant",
      // Members' names are the team's, not a guest's to read.
      voting: null,
      ranking: shown(results.ranking),
      byCriterion: results.byCriterion.map((c) => ({ ...c, ranking: shown(c.ranking) })),
      team: {
        ...results.team,
        ranking: shown(results.team.ranking),
        byCriterion: results.team.byCriterion.map(shown),
      },
      guests: {
        ...results.guests,
        ranking: shown(results.guests.ranking),
        byCriterion: results.guests.byCriterion.map(shown),
      },
    },
    guestVotes: link.guestVotes,
    // An experiment's or set's name is often its first prompt: shown only with the parameters.
    experimentName:
      (showParams ? named?.name : undefined) ??
      (round.evalSetId ? "An evaluation set" : round.experimentId ? "An experiment" : "Picked results"),
  };
}
