import "server-only";
import { and, asc, eq, inArray, lte, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { errorFields, logFor } from "@/lib/platform/logger";
import type { StudioDatabase } from "@/lib/server/db";
import { comment, item, notification, user } from "@/lib/server/db/schema";
import { type EmailMessage, emailMessage } from "./email-message";
import { entryOf, type FactsRow, notificationFacts } from "./inbox";

/** What sends a message: nodemailer's transport, or a stand-in in tests. */
export interface MailTransport {
  sendMail(message: {
    from: string;
    to: string;
    subject: string;
    text: string;
    html: string;
  }): Promise<unknown>;
  close?(): void;
}

export interface MailQueueOptions {
  db: StudioDatabase;
  transport: MailTransport;
  from: string;
  /** The studio's public address: every link in an email starts with it. */
  publicUrl: string;
  /** Tries per email before it is given up (and logged). */
  maxAttempts?: number;
  /** How long after its `attempt`th failure an email is tried again. */
  retryDelayMs?: (attempt: number) => number;
  /** How often the queue looks for emails due (another studio's, or a retry's). */
  pollMs?: number;
}

/** Emails claimed at a time; a claim holds them this long against other studios' queues. */
const BATCH = 20;
const CLAIM_MS = 5 * 60_000;

/** 30 s, 2 min, 8 min, 32 min: an SMTP server down for a restart or a short outage is waited out. */
const backoff = (attempt: number) => 30_000 * 4 ** (attempt - 1);

const log = () => logFor({ component: "mail" });

/**
 * Sends notification emails, apart from the requests that caused them: the rows with an email
 * pending are the queue (they survive a restart). A failure is retried a few times, then given
 * up and logged; nothing here ever reaches the request that made the notification.
 */
export class MailQueue {
  private readonly maxAttempts: number;
  private readonly retryDelayMs: (attempt: number) => number;
  private running: Promise<void> | null = null;
  private again = false;
  private timer: NodeJS.Timeout | null = null;
  private poller: NodeJS.Timeout | null = null;
  private closed = false;

  constructor(private readonly options: MailQueueOptions) {
    this.maxAttempts = options.maxAttempts ?? 5;
    this.retryDelayMs = options.retryDelayMs ?? backoff;
  }

  /** Looks for due emails now and every `pollMs` (a minute by default). */
  start(): void {
    this.poller = setInterval(() => this.kick(), this.options.pollMs ?? 60_000);
    this.poller.unref();
    this.kick();
  }

  /**
   * Emails were queued: send them shortly. The short wait lets the transaction that queued them
   * commit first; one it misses is found by the next poll.
   */
  kick(delayMs = 100): void {
    if (this.closed || this.timer) return;
    this.timer = setTimeout(() => {
      this.timer = null;
      void this.drain();
    }, delayMs);
    this.timer.unref();
  }

  /** Sends every email due, until none is left; one run at a time. */
  drain(): Promise<void> {
    if (this.running) {
      this.again = true;
      return this.running;
    }
    this.running = (async () => {
      try {
        do {
          this.again = false;
          while (!this.closed && (await this.sendBatch()) > 0) {}
        } while (this.again && !this.closed);
      } catch (err) {
        log().error(errorFields(err), "the mail queue could not read its emails");
      } finally {
        this.running = null;
      }
    })();
    return this.running;
  }

  /**
   * Sends one email at once through the same transport, for a message nothing stores (a guest's
   * link); answers whether the server took it, and logs a refusal instead of throwing.
   */
  async sendNow(to: string, message: EmailMessage): Promise<boolean> {
    try {
      await this.options.transport.sendMail({ from: this.options.from, to, ...message });
      return true;
    } catch (err) {
      log().warn(errorFields(err), "an email could not be sent");
      return false;
    }
  }

  close(): void {
    this.closed = true;
    if (this.timer) clearTimeout(this.timer);
    if (this.poller) clearInterval(this.poller);
    this.options.transport.close?.();
  }

  /** Claims a batch of due emails and sends each; answers how many were claimed. */
  private async sendBatch(): Promise<number> {
    const { db } = this.options;
    const due = db
      .select({ id: notification.id })
      .from(notification)
      .where(and(eq(notification.emailState, "pending"), lte(notification.emailNextAt, sql`now()`)))
      .orderBy(asc(notification.emailNextAt))
      .limit(BATCH)
      .for("update", { skipLocked: true });
    const claimed = await db
      .update(notification)
      .set({ emailNextAt: sql`now() + ${`${CLAIM_MS} milliseconds`}::interval` })
      .where(sql`${notification.id} = any(array(${due}))`)
      .returning({ id: notification.id, attempts: notification.emailAttempts });
    if (claimed.length === 0) return 0;
    const recipient = alias(user, "recipient");
    const rows = await db
      .select({
        ...notificationFacts,
        userId: notification.userId,
        to: recipient.email,
        gone: recipient.deactivatedAt,
      })
      .from(notification)
      .innerJoin(recipient, eq(recipient.id, notification.userId))
      .leftJoin(user, eq(user.id, notification.actorId))
      .leftJoin(comment, eq(comment.id, notification.commentId))
      .leftJoin(item, eq(item.id, notification.itemId))
      .where(
        inArray(
          notification.id,
          claimed.map((c) => c.id),
        ),
      );
    const attemptsOf = new Map(claimed.map((c) => [c.id, c.attempts]));
    for (const row of rows) await this.sendOne(row, attemptsOf.get(row.id) ?? 0);
    return claimed.length;
  }

  private async sendOne(
    row: FactsRow & { userId: string; to: string; gone: Date | null },
    attempts: number,
  ): Promise<void> {
    const { db } = this.options;
    // Nobody is emailed their own action, nor after leaving the team.
    if (row.actorId === row.userId || row.gone !== null) {
      await db
        .update(notification)
        .set({ emailState: null, emailNextAt: null })
        .where(eq(notification.id, row.id));
      return;
    }
    const message = emailMessage(entryOf(row), this.options.publicUrl);
    try {
      await this.options.transport.sendMail({ from: this.options.from, to: row.to, ...message });
      await db
        .update(notification)
        .set({ emailState: "sent", emailAttempts: attempts + 1, emailNextAt: null })
        .where(eq(notification.id, row.id));
    } catch (err) {
      const attempt = attempts + 1;
      const givenUp = attempt >= this.maxAttempts;
      await db
        .update(notification)
        .set({
          emailState: givenUp ? "failed" : "pending",
          emailAttempts: attempt,
          emailNextAt: givenUp ? null : new Date(Date.now() + this.retryDelayMs(attempt)),
        })
        .where(eq(notification.id, row.id));
      const fields = { ...errorFields(err), notificationId: row.id, attempt };
      if (givenUp) log().error(fields, "a notification email could not be sent; given up");
      else log().warn(fields, "a notification email could not be sent; it will be tried again");
    }
  }
}
