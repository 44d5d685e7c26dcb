import "server-only";
import { AsyncLocalStorage } from "node:async_hooks";
import type { Role } from "@/lib/studio/roles";

/**
 * Who may create an account, and with which role. The studio is private to a team: a user row is
 * only ever created inside `withSignUpPermit`, by the owner set-up or by accepting an invitation.
 * better-auth's public sign-up endpoint has no permit, so its database hook refuses it even if a
 * request reaches it.
 */
export interface SignUpPermit {
  role: Role;
}

const permits = new AsyncLocalStorage<SignUpPermit>();

export function withSignUpPermit<T>(permit: SignUpPermit, run: () => Promise<T>): Promise<T> {
  return permits.run(permit, run);
}

export function currentSignUpPermit(): SignUpPermit | undefined {
  return permits.getStore();
}
