import type { Metadata } from "next";
import { GuestLinkEnded } from "@/components/approvals/guest-link-ended";
import { GuestReview } from "@/components/approvals/guest-review";
import { BrandMark } from "@/components/shell/brand-mark";
import { lookUpApprovalLink } from "@/lib/server/api/link-callers";
import { pageServices } from "@/lib/server/api/page-session";
import { approvalGuestOf, guestApproval } from "@/lib/server/approvals/guest";
import type { ApprovalLinkState } from "@/lib/server/approvals/link-state";
import { errorAnswerOf } from "@/lib/server/http/error-answer";
import type { GuestApproval } from "@/lib/studio/approvals/views";

export const metadata: Metadata = { title: "Review request · Media Studio" };

/** The request a live link opens, or what the link is now when it opens none. */
async function linkView(
  token: string,
): Promise<GuestApproval | Exclude<ApprovalLinkState, { state: "live" }>> {
  const { db } = await pageServices();
  const found = await lookUpApprovalLink(db, token);
  if (found.state !== "live") return found;
  try {
    return await guestApproval(db, await approvalGuestOf(db, token));
  } catch (err) {
    // Withdrawn between the two reads: read again what it is now.
    if (!errorAnswerOf(err)) throw err;
    const now = await lookUpApprovalLink(db, token);
    return now.state === "live" ? { state: "unknown" } : now;
  }
}

/**
 * A guest reviewer's page, for people without an account: outside the studio's signed-in shell,
 * it shows only the request the link was made for, or, when the link opens nothing, why and whom
 * to ask (its status, 410 or 404, is set where the answer is written: lib/server/start.ts).
 */
export default async function GuestReviewPage({ params }: { params: Promise<{ token: string }> }) {
  const { token } = await params;
  const view = await linkView(token);
  const open = "items" in view ? view : null;
  return (
    <main id="main" className="mx-auto flex min-h-dvh w-full max-w-6xl flex-col gap-8 px-4 py-8 sm:px-8">
      <header className="flex items-center gap-3">
        <BrandMark />
        <p className="font-semibold text-[15px] text-foreground">Media Studio</p>
        <p className="ml-auto text-[12px] text-muted-subtle">
          {open ? `Shared with you for review · ${open.yourName}` : "Review link"}
        </p>
      </header>
      {open ? (
        <GuestReview token={token} initial={open} />
      ) : "state" in view ? (
        <GuestLinkEnded
          state={view.state}
          requesterName={"requesterName" in view ? view.requesterName : null}
        />
      ) : null}
    </main>
  );
}
