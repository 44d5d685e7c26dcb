import "server-only";
import { headers } from "next/headers";
import { redirect } from "next/navigation";
import { connection } from "next/server";
import { type SessionUser, sessionUser } from "./auth/guard";
import { getRuntime, type StudioRuntime } from "./runtime";

/**
 * The runtime, for a page. Pages that read it are about this request (who is signed in, what is
 * stored now), never prerendered at build time, when there is no runtime to read.
 */
export async function pageRuntime(): Promise<StudioRuntime> {
  await connection();
  return getRuntime();
}

/** The signed-in user of the page being rendered, or null. */
export async function currentUser(): Promise<SessionUser | null> {
  const { gate } = await pageRuntime();
  return sessionUser(gate, await headers());
}

/**
 * For the studio's pages: the signed-in user, or a redirect to set-up (fresh studio) or sign-in
 * (coming back to `next` afterwards).
 */
export async function requirePageUser(next = "/"): Promise<SessionUser> {
  const user = await currentUser();
  if (user) return user;
  const { team } = await getRuntime();
  if (await team.needsSetup()) redirect("/setup");
  redirect(next === "/" ? "/sign-in" : `/sign-in?next=${encodeURIComponent(next)}`);
}
