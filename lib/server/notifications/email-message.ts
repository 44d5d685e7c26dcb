import "server-only";
import type { InboxEntry } from "@/lib/studio/api/inbox";
import { NOTIFICATION_KIND_LABELS } from "@/lib/studio/notifications/notifications";

export interface EmailMessage {
  subject: string;
  text: string;
  html: string;
}

function escapeHtml(value: string): string {
  return value
    .replaceAll("&", "&amp;")
    .replaceAll("<", "&lt;")
    .replaceAll(">", "&gt;")
    .replaceAll('"', "&quot;")
    .replaceAll("'", "&#39;");
}

/** The sentence a notification says, with its actor when there is one. */
export function sentenceOf(entry: Pick<InboxEntry, "actorName" | "text">): string {
  return entry.actorName ? `${entry.actorName} ${entry.text}` : entry.text;
}

/**
 * A notification as an email: the sentence as the subject, the comment quoted, and links (on the
 * studio's public address) to the thing itself and to the settings that stop such emails.
 */
export function emailMessage(entry: InboxEntry, publicUrl: string): EmailMessage {
  const sentence = sentenceOf(entry);
  const link = new URL(entry.href, publicUrl).toString();
  const settings = new URL("/settings#notifications", publicUrl).toString();
  const why = `You get this email for ${NOTIFICATION_KIND_LABELS[entry.kind].label.toLowerCase()}. Choose what reaches you in Settings: ${settings}`;
  const subject = sentence.length > 150 ? `${sentence.slice(0, 149).trimEnd()}…` : sentence;
  const quote = entry.excerpt ? `\n\n> ${entry.excerpt.split("\n").join("\n> ")}` : "";
  const text = `${sentence}.${quote}\n\nOpen it: ${link}\n\n--\n${why}\n`;
  const html = [
    `<p>${escapeHtml(sentence)}.</p>`,
    entry.excerpt
      ? `<blockquote style="margin:0 0 1em;padding-left:12px;border-left:3px solid #ccc;color:#444">${escapeHtml(entry.excerpt).replaceAll("\n", "<br>")}</blockquote>`
      : "",
    `<p><a href="${escapeHtml(link)}">Open it in Media Studio</a></p>`,
    `<p style="color:#777;font-size:12px">You get this email for ${escapeHtml(NOTIFICATION_KIND_LABELS[entry.kind].label.toLowerCase())}. <a href="${escapeHtml(settings)}">Choose what reaches you</a>.</p>`,
  ].join("\n");
  return { subject, text, html };
}
