import { describe, expect, it } from "vitest";
import type { InboxEntry } from "@/lib/studio/api/inbox";
import { emailMessage } from "./email-message";

const entry: InboxEntry = {
  id: "n1",
  kind: "mention",
  createdAt: "2026-01-01T00:00:00.000Z",
  read: false,
  actorName: "Rita <b>",
  text: "mentioned you on “a fox”",
  href: "/gallery/item/i1#comment-c1",
  commentId: "c1",
  excerpt: '<script>alert("x")</script>\nsecond line',
  item: null,
};

describe("a notification as an email", () => {
  it("says the sentence as the subject, quotes the comment and links on the public address", () => {
    const message = emailMessage(entry, "https://studio.example.com/");
    expect(message.subject).toBe("Rita <b> mentioned you on “a fox”");
    expect(message.text).toContain("> second line");
    expect(message.text).toContain("Open it: https://studio.example.com/gallery/item/i1#comment-c1");
    expect(message.text).toContain("https://studio.example.com/settings#notifications");
  });

  it("escapes what members wrote in the HTML part", () => {
    const { html } = emailMessage(entry, "https://studio.example.com");
    expect(html).not.toContain("<script>");
    expect(html).not.toContain("<b>");
    expect(html).toContain("&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;<br>second line");
  });

  it("keeps a long subject to one line's length", () => {
    const long = emailMessage(
      { ...entry, text: `mentioned you on “${"x".repeat(300)}”` },
      "https://s.example",
    );
    expect(long.subject.length).toBeLessThanOrEqual(150);
    expect(long.subject.endsWith("…")).toBe(true);
  });
});
