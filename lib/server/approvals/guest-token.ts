import "server-only";
import { createHash, randomBytes } from "node:crypto";

/** 32 random bytes: a token nobody guesses; only its SHA-256 is stored. */
const TOKEN_BYTES = 32;
export const APPROVAL_TOKEN_RE = /^[A-Za-z0-9_-]{20,100}$/;

export function newApprovalToken(): string {
  return randomBytes(TOKEN_BYTES).toString("base64url");
}

export function hashApprovalToken(token: string): string {
  return createHash("sha256").update(`approval:${token}`).digest("hex");
}

/** Where a guest reviewer opens their link. */
export function approvalGuestUrl(origin: string, token: string): string {
  return `${origin.replace(/\/$/, "")}/a/${token}`;
}
