import "server-only";
import { headers } from "next/headers";
import { redirect } from "next/navigation";
import { connection } from "next/server";
import type { SessionUser } from "@/lib/server/auth/caller";
import { sessionUser } from "@/lib/server/auth/guard";
import { PAGE_PATH_HEADER } from "@/lib/server/http/request-stamp";
import { getRuntime, type StudioRuntime } from "@/lib/server/runtime";
import type { StreamStart } from "@/lib/studio/api/stream";
import { signInPathFor } from "@/lib/studio/auth/next-path";
import { type Services, servicesOf } from "./services";

/**
 * The runtime, for a page. Pages that read it are about this request (who is signed in, what is
 * stored now), never prerendered at build time, when there is no runtime to read.
 */
export async function pageRuntime(): Promise<StudioRuntime> {
  await connection();
  return getRuntime();
}

/** The runtime's services for a page, under the names route() hands them to handlers. */
export async function pageServices(): Promise<Services & { runtime: StudioRuntime }> {
  const runtime = await pageRuntime();
  return { runtime, ...servicesOf(runtime) };
}

/** The signed-in user of the page being rendered, or null. */
export async function currentUser(): Promise<SessionUser | null> {
  const { gate } = await pageRuntime();
  return sessionUser(gate, await headers());
}

/**
 * For the studio's pages: the signed-in user, or a redirect to set-up (fresh studio) or sign-in
 * (coming back afterwards to `next`, by default the address asked for, as `server.ts` stamped it).
 */
export async function requirePageUser(next?: string): Promise<SessionUser> {
  const user = await currentUser();
  if (user) return user;
  const { team } = await getRuntime();
  if (await team.needsSetup()) redirect("/setup");
  redirect(signInPathFor(next ?? (await headers()).get(PAGE_PATH_HEADER) ?? "/"));
}

/**
 * Where the page's live stream starts (its first socket replays from here): read before anything
 * the page fetches, so a result or a cell finished between those reads and the socket's joining
 * reaches the page instead of falling between them.
 */
export async function pageStreamStart(): Promise<StreamStart> {
  const { log } = await pageRuntime();
  await log.start();
  return { epoch: log.epoch, since: log.lastSeq };
}
