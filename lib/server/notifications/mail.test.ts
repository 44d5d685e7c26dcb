import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addComment } from "@/lib/server/comments/comments";
import { parseStudioEnv } from "@/lib/server/config/env";
import { notification } from "@/lib/server/db/schema";
import { backendTitle, type TestDatabase, testBackends } from "@/lib/server/db/test-databases";
import { assignItem } from "@/lib/server/review/actions";
import { MailQueue } from "./mail-queue";
import { type NotifyFixture, notifyFixture } from "./notify-fixture";
import { notificationOutlet, setNotificationOutlet } from "./outlet";
import { notificationSettings, saveNotificationSettings } from "./settings";
import { header, startSmtp, textBody } from "./smtp-sink";
import { startNotifications } from "./start";

for (const backend of testBackends) {
  describe.skipIf(backend.skip !== undefined)(backendTitle(backend, "notification email"), () => {
    let opened: TestDatabase;
    let f: NotifyFixture;
    let smtp: Awaited<ReturnType<typeof startSmtp>>;
    let started: ReturnType<typeof startNotifications>;

    beforeAll(async () => {
      opened = await backend.open();
      f = await notifyFixture(opened);
      smtp = await startSmtp();
      const env = parseStudioEnv({ SMTP_URL: smtp.url, STUDIO_URL: "https://studio.example.com" });
      started = startNotifications({ env, db: opened.db, log: f.deps.log });
    }, 60_000);
    afterAll(async () => {
      started?.close();
      await smtp?.close();
      await opened?.dispose();
    });

    it("emails the member it concerns, with the sentence as subject and a link on the public address", async () => {
      const item = await f.newItem();
      await assignItem(f.deps, f.people.owner, item.id, f.people.reviewer.id);
      await started.mail?.drain();
      const mine = smtp.received.filter((m) => m.to.includes(f.people.reviewer.email));
      expect(mine).toHaveLength(1);
      const [message] = mine;
      expect(header(message?.raw ?? "", "Subject")).toBe("Olga Owner assigned “a fox” to you");
      expect(header(message?.raw ?? "", "From")).toBe("Media Studio <studio@localhost>");
      expect(textBody(message?.raw ?? "")).toContain(`https://studio.example.com/gallery/item/${item.id}`);
      expect(message?.raw).toContain("Content-Type: text/html");
      // Nobody else heard of it, the one who acted least of all.
      expect(smtp.received.flatMap((m) => m.to)).not.toContain(f.people.owner.email);
      const [row] = await opened.db.select().from(notification).where(eq(notification.itemId, item.id));
      expect(row).toMatchObject({ emailState: "sent", emailAttempts: 1 });
    });

    it("sends none for a kind whose email the member turned off, and keeps the inbox as chosen", async () => {
      expect((await notificationSettings(opened.db, f.people.editor.id)).settings.reply).toEqual({
        inbox: true,
        email: true,
      });
      const { settings } = await notificationSettings(opened.db, f.people.editor.id);
      const saved = await saveNotificationSettings(opened.db, f.people.editor.id, {
        ...settings,
        mention: { inbox: true, email: false },
        assigned: { inbox: false, email: false },
      });
      expect(saved.settings.mention).toEqual({ inbox: true, email: false });
      expect(saved.emailAvailable).toBe(true);
      const before = smtp.received.length;
      const item = await f.newItem("reviewer");
      await addComment(f.deps, f.people.owner, item.id, { body: "@Ed have a look" });
      await assignItem(f.deps, f.people.owner, item.id, f.people.editor.id);
      await started.mail?.drain();
      expect(smtp.received.slice(before).flatMap((m) => m.to)).not.toContain(f.people.editor.email);
      const rows = await f.rowsOf("editor");
      expect(rows.filter((r) => r.itemId === item.id).map((r) => [r.kind, r.emailState])).toEqual([
        ["mention", null],
      ]);
    });

    it("never fails the action when the SMTP server is down: retries, then gives up", async () => {
      const down = await startSmtp();
      await down.close();
      const queue = new MailQueue({
        db: opened.db,
        transport: (await import("nodemailer")).default.createTransport({
          url: down.url,
          connectionTimeout: 2000,
        }),
        from: "studio@example.com",
        publicUrl: "https://studio.example.com",
        maxAttempts: 2,
        retryDelayMs: () => 0,
      });
      const outlet = notificationOutlet();
      const restore = setNotificationOutlet({ ...outlet, mailQueued: () => {} });
      try {
        const item = await f.newItem();
        const review = await assignItem(f.deps, f.people.owner, item.id, f.people.reviewer2.id);
        expect(review.assigneeId).toBe(f.people.reviewer2.id);
        await queue.drain();
        const [row] = await opened.db.select().from(notification).where(eq(notification.itemId, item.id));
        expect(row).toMatchObject({ emailState: "failed", emailAttempts: 2 });
      } finally {
        restore();
        queue.close();
      }
    });

    it("takes SMTP_URL and SMTP_FROM from the environment, refusing what is not an SMTP address", () => {
      const env = parseStudioEnv({
        SMTP_URL: "smtps://u:p@mail.example.com:465",
        SMTP_FROM: "Team <t@example.com>",
      });
      expect(env.SMTP_URL).toBe("smtps://u:p@mail.example.com:465");
      expect(env.SMTP_FROM).toBe("Team <t@example.com>");
      expect(() => parseStudioEnv({ SMTP_URL: "https://mail.example.com" })).toThrow(/SMTP_URL/);
      expect(() => parseStudioEnv({ SMTP_FROM: "nobody" })).toThrow(/SMTP_FROM/);
      expect(parseStudioEnv({}).SMTP_URL).toBeUndefined();
    });
  });
}
