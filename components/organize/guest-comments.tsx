"use client";

import { useEffect, useState } from "react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { FormError, inputClasses } from "@/components/ui/field";
import { GUEST_NAME_MAX, type GuestComment } from "@/lib/studio/organize";

const timeFormat = new Intl.DateTimeFormat("en", {
  month: "short",
  day: "numeric",
  hour: "2-digit",
  minute: "2-digit",
});

type Page = { data: { comments: GuestComment[]; nextCursor: string | null } };

/** The comments on a shared item, and a form for a guest to add one under a name they give. */
export function GuestComments({ token, itemId }: { token: string; itemId: string }) {
  const url = `/api/share/${token}/comments?itemId=${itemId}`;
  const [comments, setComments] = useState<GuestComment[]>([]);
  const [cursor, setCursor] = useState<string | null>(null);
  const [name, setName] = useState("");
  const [body, setBody] = useState("");
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    let live = true;
    void fetch(url)
      .then((r) => (r.ok ? r.json() : null))
      .then((payload: Page | null) => {
        if (!live || !payload) return;
        setComments(payload.data.comments);
        setCursor(payload.data.nextCursor);
      });
    return () => {
      live = false;
    };
  }, [url]);

  async function more() {
    if (!cursor) return;
    const res = await fetch(`${url}&cursor=${encodeURIComponent(cursor)}`).catch(() => null);
    const payload = res?.ok ? ((await res.json()) as Page) : null;
    if (!payload) return;
    setComments((prev) => [...prev, ...payload.data.comments]);
    setCursor(payload.data.nextCursor);
  }

  async function send() {
    setBusy(true);
    setError(undefined);
    const res = await fetch(url, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ name, body }),
    }).catch(() => null);
    const payload = (await res?.json().catch(() => null)) as {
      data?: { comment: GuestComment };
      errors?: { message: string }[];
    } | null;
    if (res?.ok && payload?.data) {
      const created = payload.data.comment;
      setComments((prev) => [...prev, created]);
      setBody("");
    } else setError(payload?.errors?.[0]?.message ?? "The comment was not sent. Try again.");
    setBusy(false);
  }

  return (
    <section
      className="flex flex-col gap-3 rounded-card border border-border bg-panel p-4"
      aria-label="Comments"
    >
      <h2 className="font-medium text-[13px] text-muted">Comments</h2>
      {comments.length === 0 ? <p className="text-[13px] text-muted-subtle">No comments yet.</p> : null}
      <ul className="flex flex-col gap-3">
        {comments.map((c) => (
          <li key={c.id} data-testid="guest-comment" className="flex flex-col gap-0.5">
            <p className="text-[12px] text-muted-subtle">
              <span className="font-medium text-foreground">{c.authorName}</span>
              {c.guest ? (
                <Badge className="ml-1.5" title="Commented through the share link, not a member of the team">
                  Guest
                </Badge>
              ) : (
                <Badge className="ml-1.5">Team</Badge>
              )}{" "}
              · {timeFormat.format(new Date(c.createdAt))}
            </p>
            <p className="whitespace-pre-wrap text-[13px] text-foreground">{c.body}</p>
          </li>
        ))}
      </ul>
      {cursor ? (
        <Button size="sm" variant="ghost" className="self-start" onClick={() => void more()}>
          Show more comments
        </Button>
      ) : null}
      <form
        className="flex flex-col gap-2 border-border border-t pt-3"
        onSubmit={(e) => {
          e.preventDefault();
          void send();
        }}
      >
        <label htmlFor="guest-name" className="font-medium text-[13px] text-foreground">
          Your name
        </label>
        <input
          id="guest-name"
          value={name}
          maxLength={GUEST_NAME_MAX}
          onChange={(e) => setName(e.target.value)}
          className={`${inputClasses} h-9`}
        />
        <label htmlFor="guest-body" className="font-medium text-[13px] text-foreground">
          Comment
        </label>
        <textarea
          id="guest-body"
          value={body}
          maxLength={4000}
          rows={3}
          onChange={(e) => setBody(e.target.value)}
          className={`${inputClasses} h-auto py-2`}
        />
        <FormError>{error}</FormError>
        <Button
          type="submit"
          variant="primary"
          size="sm"
          className="self-end"
          disabled={busy || !name.trim() || !body.trim()}
        >
          Post comment
        </Button>
      </form>
    </section>
  );
}
