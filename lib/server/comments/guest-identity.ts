import "server-only";
import { createHash, randomBytes } from "node:crypto";

/**
 * A guest on a share link has no account: who they are is a random secret in their browser's
 * cookie for that link, and the studio keeps only its SHA-256 (the comment's `guest_key`), so a
 * stored key cannot be replayed as anyone's cookie. Another browser, or the same one on another
 * link, is another guest.
 */

export const GUEST_COOKIE = "guest_commenter";
/** 32 random bytes, base64url: an identity nobody guesses. */
const SECRET_RE = /^[A-Za-z0-9_-]{43}$/;
const YEAR_S = 365 * 24 * 60 * 60;

export const newGuestSecret = (): string => randomBytes(32).toString("base64url");

export const guestKeyOf = (secret: string): string => createHash("sha256").update(secret).digest("hex");

/** The guest secret a request's cookie carries, or null (none, or not one the studio made). */
export function guestSecretOf(request: Request): string | null {
  for (const part of (request.headers.get("cookie") ?? "").split(";")) {
    const [name, ...value] = part.trim().split("=");
    const secret = value.join("=");
    if (name === GUEST_COOKIE && SECRET_RE.test(secret)) return secret;
  }
  return null;
}

/** The cookie a browser keeps its guest identity in: sent to this link's API only, never read by scripts. */
export function guestCookie(token: string, secret: string, secure: boolean): string {
  const path = `/api/share/${token}`;
  return `${GUEST_COOKIE}=${secret}; Path=${path}; Max-Age=${YEAR_S}; HttpOnly; SameSite=Lax${secure ? "; Secure" : ""}`;
}
