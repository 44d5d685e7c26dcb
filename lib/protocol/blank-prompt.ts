/**
 * The token that means "no text guidance" (it is 9 characters, so it passes the 2..3000 bound).
 * A module of its own, with no schema: pages that only show prompts read it without loading the
 * contract's schemas.
 */
export const BLANK_PROMPT = "__BLANK__";
