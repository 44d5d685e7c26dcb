import "server-only";
import type { StudioEnv } from "@/lib/server/config/env";
import type { StudioDatabase } from "@/lib/server/db";
import { MailQueue, type MailTransport } from "./mail-queue";
import { setNotificationOutlet } from "./outlet";
import { smtpTransport } from "./smtp-transport";
import type { InboxPublisher } from "./types";

/** The studio's address as links in emails spell it: `STUDIO_URL`, else this machine's port. */
export function publicUrlOf(env: Pick<StudioEnv, "STUDIO_URL" | "PORT">): string {
  return env.STUDIO_URL ?? `http://localhost:${env.PORT}`;
}

/**
 * Starts notifications for the process: unread counts go to members' tabs through the event
 * log, and, when `SMTP_URL` is set, emails through the mail queue. Answers how to stop it.
 */
export function startNotifications(deps: {
  env: Pick<StudioEnv, "SMTP_URL" | "SMTP_FROM" | "STUDIO_URL" | "PORT">;
  db: StudioDatabase;
  log: InboxPublisher;
  transport?: MailTransport;
}): { mail: MailQueue | null; close(): void } {
  const { env } = deps;
  const transport = deps.transport ?? (env.SMTP_URL ? smtpTransport(env.SMTP_URL) : null);
  const mail = transport
    ? new MailQueue({ db: deps.db, transport, from: env.SMTP_FROM, publicUrl: publicUrlOf(env) })
    : null;
  const restore = setNotificationOutlet({
    publishUnread: (userId, unread) => deps.log.publishGallery({ kind: "inbox", unread }, { userId }),
    mailQueued: () => mail?.kick(),
    emailAvailable: mail !== null,
    sendMail: (to, message) => mail?.sendNow(to, message) ?? Promise.resolve(false),
  });
  mail?.start();
  return {
    mail,
    close() {
      mail?.close();
      restore();
    },
  };
}
