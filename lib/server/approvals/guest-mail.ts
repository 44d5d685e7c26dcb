import "server-only";
import { eq } from "drizzle-orm";
import type { StudioDatabase } from "@/lib/server/db";
import { approvalRequest, user } from "@/lib/server/db/schema";
import type { EmailMessage } from "@/lib/server/notifications/email-message";
import { notificationOutlet } from "@/lib/server/notifications/outlet";
import type { GuestLink } from "@/lib/studio/approvals/views";

/** A guest's new link, with the address the requester gave for them (if any). */
export type MadeLink = Omit<GuestLink, "emailedTo"> & { email: string | null };

function escapeHtml(value: string): string {
  return value
    .replaceAll("&", "&amp;")
    .replaceAll("<", "&lt;")
    .replaceAll(">", "&gt;")
    .replaceAll('"', "&quot;");
}

/** The email that hands a guest reviewer their link: who asks, for what, and the link itself. */
export function guestLinkEmail(facts: {
  guestName: string;
  requesterName: string;
  title: string;
  url: string;
}): EmailMessage {
  const { guestName, requesterName, title, url } = facts;
  const subject = `${requesterName} asks for your review: “${title}”`;
  const why = `${requesterName} added you as a reviewer in their Media Studio. The link is yours alone: it opens this request and takes your decision, with no account.`;
  const text = `Hello ${guestName},\n\n${subject}.\n\nOpen it: ${url}\n\n--\n${why}\n`;
  const html = [
    `<p>Hello ${escapeHtml(guestName)},</p>`,
    `<p>${escapeHtml(subject)}.</p>`,
    `<p><a href="${escapeHtml(url)}">Open the request</a></p>`,
    `<p style="color:#666;font-size:12px">${escapeHtml(why)}</p>`,
  ].join("\n");
  return { subject, text, html };
}

/**
 * Sends each new link that has an email address to its guest, through the studio's mail (none
 * without SMTP), and answers the links with where each was sent. The link is sent at once rather
 * than queued: only its hash is stored, so it exists nowhere a later send could read it from.
 */
export async function emailGuestLinks(
  db: StudioDatabase,
  requestId: string,
  links: readonly MadeLink[],
): Promise<GuestLink[]> {
  const outlet = notificationOutlet();
  const wanted = links.some((l) => l.email) && outlet.emailAvailable;
  const [request] = wanted
    ? await db
        .select({ title: approvalRequest.title, requesterName: user.name })
        .from(approvalRequest)
        .leftJoin(user, eq(user.id, approvalRequest.requestedBy))
        .where(eq(approvalRequest.id, requestId))
    : [];
  return Promise.all(
    links.map(async ({ email, ...link }) => {
      if (!email || !request) return { ...link, emailedTo: null };
      const message = guestLinkEmail({
        guestName: link.name,
        requesterName: request.requesterName ?? "A member of the studio",
        title: request.title,
        url: link.url,
      });
      return { ...link, emailedTo: (await outlet.sendMail(email, message)) ? email : null };
    }),
  );
}
