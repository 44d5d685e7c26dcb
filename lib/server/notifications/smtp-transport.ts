import "server-only";
import type { MailTransport } from "./mail-queue";

/** Bounds on one SMTP exchange: a server that hangs is a failure to retry, not a stuck queue. */
const SMTP_TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 20_000 };

type Nodemailer = { createTransport(options: object): unknown };

const loadNodemailer = async (): Promise<Nodemailer> => (await import("nodemailer")).default;

/**
 * Emails through the SMTP server at `url`, with nodemailer loaded on the first email rather than
 * when the studio starts: it is some 3 MB of the server's memory, held for good once loaded, and
 * most studios send no email for hours, if ever.
 */
export function smtpTransport(url: string, load: () => Promise<Nodemailer> = loadNodemailer): MailTransport {
  let made: Promise<MailTransport> | null = null;
  const transport = () => {
    made ??= load().then(
      (nodemailer) => nodemailer.createTransport({ url, ...SMTP_TIMEOUTS }) as MailTransport,
      (err: unknown) => {
        // The next email tries again rather than failing for good.
        made = null;
        throw err;
      },
    );
    return made;
  };
  return {
    sendMail: async (message) => (await transport()).sendMail(message),
    close() {
      void made?.then((t) => t.close?.()).catch(() => undefined);
    },
  };
}
