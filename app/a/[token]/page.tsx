import { Link2Off } from "lucide-react";
import type { Metadata } from "next";
import { GuestReview } from "@/components/approvals/guest-review";
import { BrandMark } from "@/components/shell/brand-mark";
import { pageServices } from "@/lib/server/api/page-session";
import { approvalGuestOf, guestApproval } from "@/lib/server/approvals/guest";
import { errorAnswerOf } from "@/lib/server/http/error-answer";
import type { GuestApproval } from "@/lib/studio/approvals/views";

export const metadata: Metadata = { title: "Review request · Media Studio" };

/**
 * A guest reviewer's page, for people without an account: outside the studio's signed-in shell,
 * it shows only the request the link was made for.
 */
export default async function GuestReviewPage({ params }: { params: Promise<{ token: string }> }) {
  const { token } = await params;
  const { db } = await pageServices();
  let view: GuestApproval | null = null;
  let withdrawn = false;
  try {
    view = await guestApproval(db, await approvalGuestOf(db, token));
  } catch (err) {
    const answer = errorAnswerOf(err);
    if (!answer) throw err;
    withdrawn = answer.errors[0]?.code === "linkWithdrawn";
  }
  return (
    <main id="main" className="mx-auto flex min-h-dvh w-full max-w-6xl flex-col gap-8 px-4 py-8 sm:px-8">
      <header className="flex items-center gap-3">
        <BrandMark />
        <p className="font-semibold text-[15px] text-foreground">Media Studio</p>
        <p className="ml-auto text-[12px] text-muted-subtle">
          {view ? `Shared with you for review · ${view.yourName}` : "Review link"}
        </p>
      </header>
      {view ? (
        <GuestReview token={token} initial={view} />
      ) : (
        <div className="mx-auto mt-16 flex max-w-md flex-col items-center gap-3 rounded-panel border border-border bg-panel p-8 text-center shadow-panel">
          <Link2Off aria-hidden className="size-8 text-muted-subtle" strokeWidth={1.5} />
          {withdrawn ? (
            <>
              <h1 className="font-semibold text-foreground text-xl">This link was withdrawn</h1>
              <p className="text-[14px] text-muted">
                The person who asked for your review withdrew it: it no longer opens the request or takes a
                decision. If you still have something to review, ask them for a new link.
              </p>
            </>
          ) : (
            <>
              <h1 className="font-semibold text-foreground text-xl">
                This review link has expired or was revoked
              </h1>
              <p className="text-[14px] text-muted">
                Ask the person who asked for your review for the link again.
              </p>
            </>
          )}
        </div>
      )}
    </main>
  );
}
