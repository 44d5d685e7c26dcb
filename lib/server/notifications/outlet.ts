import "server-only";
import type { EmailMessage } from "./email-message";

/**
 * Where notifications go once stored: the unread count to the member's open tabs, and a nudge to
 * the mail queue. The runtime registers it; Route Handlers are bundled apart from `server.ts`, so
 * it lives on `globalThis` under a registered symbol, as the runtime does (see ../runtime.ts).
 * Without one (unit tests that do not ask), counts go nowhere and no email is queued.
 */
export interface NotificationOutlet {
  publishUnread(userId: string, unread: number): void;
  /** Emails were queued: send them soon. */
  mailQueued(): void;
  /** Whether email can be sent at all (SMTP configured): the default of every kind's email. */
  emailAvailable: boolean;
  /** Sends one email now, outside the queue; answers whether the mail server took it. */
  sendMail(to: string, message: EmailMessage): Promise<boolean>;
}

const KEY = Symbol.for("media-studio.notification-outlet");
type Holder = { [KEY]?: NotificationOutlet };
const holder = globalThis as Holder;

const silent: NotificationOutlet = {
  publishUnread() {},
  mailQueued() {},
  emailAvailable: false,
  sendMail: async () => false,
};

export function notificationOutlet(): NotificationOutlet {
  return holder[KEY] ?? silent;
}

/** Registers the process's outlet; answers a function that puts the previous one back. */
export function setNotificationOutlet(outlet: NotificationOutlet): () => void {
  const previous = holder[KEY];
  holder[KEY] = outlet;
  return () => {
    if (previous) holder[KEY] = previous;
    else delete holder[KEY];
  };
}
