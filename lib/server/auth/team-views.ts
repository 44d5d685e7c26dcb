import "server-only";
import { requestOrigin } from "@/lib/server/http/origin";
import type { InvitationView } from "@/lib/studio/api/invitations";
import type { MemberView } from "@/lib/studio/api/members";
import type { Member, Team } from "./team";

/** The team's rows as the API answers them: dates as ISO strings, links on the studio's origin. */

export function memberView({ id, name, email, role, createdAt }: Member): MemberView {
  return { id, name, email, role, createdAt: createdAt.toISOString() };
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** Links name the studio's public URL when it has one, else the origin the request was sent to. */
export function linkOrigin(request: Request, publicUrl: string | undefined): string {
  return publicUrl ?? requestOrigin(request);
}

export function invitationLink(origin: string, token: string): string {
  return new URL(`/invite/${token}`, origin).toString();
}

export function resetLink(origin: string, token: string): string {
  return new URL(`/reset/${token}`, origin).toString();
}

export async function invitationViews(team: Team, origin: string): Promise<InvitationView[]> {
  return (await team.listInvitations()).map(({ token, ...row }) => ({
    id: row.id,
    role: row.role,
    email: row.email,
    createdAt: row.createdAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
    acceptedAt: iso(row.acceptedAt),
    revokedAt: iso(row.revokedAt),
    url: token ? invitationLink(origin, token) : null,
  }));
}
