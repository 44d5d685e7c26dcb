import { plural } from "@/lib/studio/words";

/** Blind votes in words: neutral variant names, the voters' agreement, a run's record. */

/**
 * A variant's name that says nothing of what it is: "Variant A" to "Variant Z", then "Variant 27"
 * on. A vote shared without its parameters names its variants so.
 */
export function neutralVariantLabel(index: number): string {
  return index < 26 ? `Variant ${String.fromCharCode(65 + index)}` : `Variant ${index + 1}`;
}

/**
 * How far the voters agreed, in words first ("Voters often disagreed…") and the figures after,
 * for a disclosure: a reviewer reads the verdict, and opens the statistic when they want it.
 * The verdict follows Fleiss' kappa (agreement beyond what chance alone gives), in the usual bands:
 * 0.6 and over is substantial, 0.2 to 0.6 fair to moderate, under 0.2 slight or none.
 */
export function agreementWords(agreement: { share: number; kappa: number } | null): {
  headline: string;
  detail: string;
} {
  if (!agreement)
    return {
      headline: "Too few votes to say whether voters agree.",
      detail: "No pair was judged by two voters yet, so agreement cannot be measured.",
    };
  const headline =
    agreement.kappa >= 0.6
      ? "Voters agreed: the ranking reflects a shared preference."
      : agreement.kappa >= 0.2
        ? "Voters partly agreed: read the ranking as a leaning, not a verdict."
        : "Voters often disagreed: the ranking is little better than a coin toss.";
  const beyond =
    agreement.kappa >= 0.6
      ? "well beyond chance"
      : agreement.kappa >= 0.2
        ? "somewhat beyond chance"
        : "no better than chance";
  return {
    headline,
    detail: `Voters picked the same side on ${Math.round(agreement.share * 100)}% of the pairs two of them judged. Fleiss' kappa ${agreement.kappa.toFixed(2)} (${beyond}; 0 is what chance gives, 1 full agreement).`,
  };
}

/** "3 wins · 1 loss · 0 ties". */
export function runVoteWords(v: { wins: number; losses: number; ties: number }): string {
  return `${plural(v.wins, "win", "wins")} · ${plural(v.losses, "loss", "losses")} · ${plural(v.ties, "tie", "ties")}`;
}
