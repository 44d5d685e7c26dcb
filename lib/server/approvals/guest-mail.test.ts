import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseStudioEnv } from "@/lib/server/config/env";
import { backendTitle, type TestDatabase, testBackends } from "@/lib/server/db/test-databases";
import { header, startSmtp, textBody } from "@/lib/server/notifications/smtp-sink";
import { startNotifications } from "@/lib/server/notifications/start";
import { approvalCreateSchema, newReviewerSchema } from "@/lib/studio/approvals/inputs";
import { createApproval } from "./create";
import { guestLinkEmail } from "./guest-mail";
import { reissueGuestLink } from "./links";
import { addReviewer } from "./reviewers";
import { approvalTeam, twoStages } from "./test-support";

describe("a guest's address", () => {
  it("is an email address, and a wrong one is refused naming where it was given", () => {
    const stage = (guestEmail: string) => ({
      title: "Poster",
      itemIds: ["0b6f8a1e-2c7d-4e55-9a43-0f1d2c3b4a59"],
      stages: [{ name: "Client", reviewers: [{ guestName: "Fay", guestEmail }] }],
    });
    expect(approvalCreateSchema.safeParse(stage("fay@example.com")).success).toBe(true);
    const wrong = approvalCreateSchema.safeParse(stage("not an address"));
    expect(wrong.success).toBe(false);
    expect(wrong.error?.issues.map((i) => i.path.join("."))).toContain("stages.0.reviewers.0.guestEmail");
    const added = newReviewerSchema.safeParse({ guestName: "Dora", guestEmail: "dora@" });
    expect(added.error?.issues[0]?.message).toBe("guestEmail is an email address.");
  });
});

describe("guestLinkEmail", () => {
  it("says who asks, for what, and carries the link", () => {
    const message = guestLinkEmail({
      guestName: "Dora <Studio>",
      requesterName: "Ada",
      title: "Poster",
      url: "https://s.test/a/abc",
    });
    expect(message.subject).toBe("Ada asks for your review: “Poster”");
    expect(message.text).toContain("Open it: https://s.test/a/abc");
    expect(message.html).toContain("Hello Dora &lt;Studio&gt;,");
    expect(message.html).toContain('<a href="https://s.test/a/abc">');
  });
});

for (const backend of testBackends) {
  describe.skipIf(backend.skip !== undefined)(
    backendTitle(backend, "a guest reviewer's link by email"),
    () => {
      let opened: TestDatabase;
      let team: Awaited<ReturnType<typeof approvalTeam>>;
      let smtp: Awaited<ReturnType<typeof startSmtp>>;
      let started: ReturnType<typeof startNotifications> | null = null;
      beforeAll(async () => {
        opened = await backend.open();
        team = await approvalTeam(opened);
        smtp = await startSmtp();
      }, 60_000);
      afterAll(async () => {
        started?.close();
        await smtp?.close();
        await opened?.dispose();
      });

      const request = async () => (await team.request()).approval.id;
      const dora = { guestName: "Dora", guestEmail: "dora@example.com" };

      it("sends nothing and says so when the studio has no mail", async () => {
        const id = await request();
        const added = await addReviewer(
          team.deps,
          team.people.editor,
          id,
          { stage: 2, reviewer: dora },
          "https://s.test",
        );
        expect(added.guestLinks[0]?.emailedTo).toBeNull();
        expect(smtp.received).toHaveLength(0);
      });

      it("emails a guest added with an address their link, and a new link when it is made", async () => {
        const env = parseStudioEnv({ SMTP_URL: smtp.url, STUDIO_URL: "https://studio.example.com" });
        started = startNotifications({ env, db: opened.db, log: team.log });
        const { people, deps } = team;
        const id = await request();
        const added = await addReviewer(
          deps,
          people.editor,
          id,
          { stage: 2, reviewer: dora },
          "https://s.test",
        );
        const link = added.guestLinks[0];
        expect(link?.emailedTo).toBe("dora@example.com");
        const sent = smtp.received.filter((m) => m.to.includes("dora@example.com"));
        expect(sent).toHaveLength(1);
        expect(header(sent[0]?.raw ?? "", "Subject")).toMatch(
          /^editor .+ asks for your review: “Spring campaign”$/,
        );
        expect(textBody(sent[0]?.raw ?? "")).toContain(`Open it: ${link?.url}`);

        // A guest without an address gets no email; the link is for the requester to send.
        const eli = await addReviewer(
          deps,
          people.editor,
          id,
          { stage: 2, reviewer: { guestName: "Eli" } },
          "https://s.test",
        );
        expect(eli.guestLinks[0]?.emailedTo).toBeNull();

        const again = await reissueGuestLink(
          deps,
          people.editor,
          id,
          link?.reviewerId as string,
          "https://s.test",
        );
        expect(again.guestLink.emailedTo).toBe("dora@example.com");
        const resent = smtp.received.filter((m) => m.to.includes("dora@example.com"));
        expect(resent).toHaveLength(2);
        expect(textBody(resent[1]?.raw ?? "")).toContain(`Open it: ${again.guestLink.url}`);
        expect(smtp.received).toHaveLength(2);

        // A guest named with an address when the request is made is emailed too.
        const withGuest = twoStages(people, team.itemIds);
        withGuest.stages[1] = {
          name: "Client",
          reviewers: [{ guestName: "Fay", guestEmail: "fay@example.com" }],
        };
        const made = await createApproval(deps, people.editor, withGuest, "https://s.test");
        expect(made.guestLinks[0]?.emailedTo).toBe("fay@example.com");
        const fay = smtp.received.filter((m) => m.to.includes("fay@example.com"));
        expect(textBody(fay[0]?.raw ?? "")).toContain(`Open it: ${made.guestLinks[0]?.url}`);
        expect(made.approval.stages[1]?.reviewers[0]?.email).toBe("fay@example.com");
      });

      it("says the link was not emailed when the mail server refuses it, and the change still stands", async () => {
        started?.close();
        await smtp.close();
        const env = parseStudioEnv({ SMTP_URL: smtp.url, STUDIO_URL: "https://studio.example.com" });
        started = startNotifications({ env, db: opened.db, log: team.log });
        const id = await request();
        const added = await addReviewer(
          team.deps,
          team.people.editor,
          id,
          { stage: 2, reviewer: dora },
          "https://s.test",
        );
        expect(added.guestLinks[0]?.emailedTo).toBeNull();
        expect(added.approval.stages[1]?.reviewers.map((r) => r.name)).toContain("Dora (guest)");
      });
    },
  );
}
