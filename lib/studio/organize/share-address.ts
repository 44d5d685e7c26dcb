/**
 * What a member's list shows of a share link's address. No imports: the Settings page and the
 * browser tests read it without the organize schemas.
 */
/**
 * How much of a share link's token a member's list shows: enough to tell two links to votes of the
 * same name apart, far too little to guess (37 of the 43 characters stay unknown).
 */
export const SHARE_PREFIX_CHARS = 6;

/** A link's start as its row shows it, read like the address it begins: `/s/65iP2a…`. */
export function shareAddressShown(prefix: string): string {
  return `/s/${prefix}…`;
}
