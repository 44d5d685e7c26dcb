/**
 * A prompt as the studio's cards, rows and viewers show it. Apart from the form's field labels
 * (field-labels.ts), which read the contract's provider settings: a page that only lists prompts
 * loads none of the contract's schemas.
 */
import { BLANK_PROMPT } from "@/lib/protocol/blank-prompt";

/** A prompt as people read it: the no-prompt token is "No prompt", a missing prompt null. */
export function promptForPeople(prompt: string | null | undefined): string | null {
  if (prompt === undefined || prompt === null || prompt === "") return null;
  return prompt === BLANK_PROMPT ? "No prompt" : prompt;
}
