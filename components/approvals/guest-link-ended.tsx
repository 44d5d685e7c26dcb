import { Link2Off } from "lucide-react";

/** Whom the page tells the guest to ask: the requester by name, when the studio still knows it. */
const askWhom = (name: string | null) => name ?? "the person who asked for your review";

/**
 * A guest reviewer's page when their link opens nothing: withdrawn, replaced by a newer link, or
 * never a link at all. It names who asked for the review (so the guest knows whom to ask) and
 * nothing of the request itself.
 */
export function GuestLinkEnded({
  state,
  requesterName,
}: {
  state: "withdrawn" | "replaced" | "unknown";
  requesterName: string | null;
}) {
  const who = askWhom(requesterName);
  const words = {
    withdrawn: {
      title: "This link was withdrawn",
      body: `This review link was withdrawn: it no longer opens the request or takes a decision. If you still have something to review, ask ${who} for a new link.`,
    },
    replaced: {
      title: "This link was replaced by a newer one",
      body: `A new link was made for your review, and this one stopped working. Ask ${who} to send you the new link.`,
    },
    unknown: {
      title: "There is no review link at this address",
      body: "Check that the whole address was copied, or ask the person who sent it to you for the link again.",
    },
  }[state];
  return (
    <div className="mx-auto mt-16 flex max-w-md flex-col items-center gap-3 rounded-panel border border-border bg-panel p-8 text-center shadow-panel">
      <Link2Off aria-hidden className="size-8 text-muted-subtle" strokeWidth={1.5} />
      <h1 className="font-semibold text-foreground text-xl">{words.title}</h1>
      <p className="text-pretty text-[14px] text-muted">{words.body}</p>
    </div>
  );
}
