import { EyeOff, Vote } from "lucide-react";
import { ButtonLink } from "@/components/ui/button";

/**
 * Shown instead of an experiment's grid or a result's page to a member partway through a blind
 * ballot those results are in: the labels would tell them which picture is which.
 */
export function VotingBlindNotice({ voteId, what }: { voteId: string; what: "experiment" | "result" }) {
  return (
    <section
      aria-labelledby="voting-blind"
      className="mx-auto mt-10 flex max-w-lg flex-col items-center gap-4 rounded-panel border border-border bg-panel p-8 text-center shadow-panel"
    >
      <div className="grid size-12 place-items-center rounded-2xl border border-accent/30 bg-accent/10 text-accent-fg">
        <EyeOff aria-hidden className="size-5" strokeWidth={1.75} />
      </div>
      <h1 id="voting-blind" className="font-semibold text-foreground text-xl tracking-tight">
        You are voting blind on {what === "experiment" ? "this experiment" : "this result"}
      </h1>
      <p className="text-[14px] text-muted">
        {what === "experiment"
          ? "Its grid names what made each picture, so it stays hidden from you"
          : "Its page names what made it, so it stays hidden from you"}{" "}
        until you have voted on every pair of your ballot or the vote is closed.
      </p>
      <ButtonLink href={`/votes/${voteId}/ballot`} variant="primary">
        <Vote aria-hidden /> Back to your ballot
      </ButtonLink>
    </section>
  );
}
