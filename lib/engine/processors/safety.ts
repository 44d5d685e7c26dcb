import "server-only";
/**
 * The engine's content check (`safety.checkContent`, and the legacy `checkNSFW` some clients
 * still send): a small keyword classifier over the task's prompts. The renderer is procedural, so
 * the output can only be "unsafe" because the prompt asked for it; the result is reported as
 * `NSFWContent: true` and the media is still returned (the real service documents false positives
 * and lets the caller decide).
 *
 * A prompt is flagged when it contains one of `FLAGGED_TERMS` as a whole word (case-insensitive,
 * plural `s` allowed). The list is deliberately short and explicit; it exists so that the studio's
 * handling of flagged results can be exercised, not to moderate anything.
 */

export const FLAGGED_TERMS = [
  "nsfw",
  "nude",
  "nudity",
  "naked",
  "topless",
  "porn",
  "pornographic",
  "explicit",
  "sex",
  "sexual",
  "erotic",
  "hentai",
  "gore",
  "gory",
  "decapitated",
  "dismembered",
] as const;

const FLAGGED_RE = new RegExp(`\\b(?:${FLAGGED_TERMS.join("|")})s?\\b`, "i");

/** True when any of the prompts is flagged. The negative prompt is not checked (it steers away). */
export function isFlaggedPrompt(...prompts: (string | undefined)[]): boolean {
  return prompts.some((p) => p !== undefined && FLAGGED_RE.test(p));
}
