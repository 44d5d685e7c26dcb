import { Link2Off } from "lucide-react";
import type { Metadata } from "next";
import { cache } from "react";
import { SharedLink } from "@/components/share/shared-link";
import { BrandMark } from "@/components/shell/brand-mark";
import { GuestVote } from "@/components/votes/guest-vote";
import { SharedVote } from "@/components/votes/shared-vote";
import { lookUpShareLink } from "@/lib/server/api/link-callers";
import { pageServices } from "@/lib/server/api/page-session";
import { errorAnswerOf } from "@/lib/server/http/error-answer";
import { modelNamesFor } from "@/lib/server/models/model-names";
import { sharedView } from "@/lib/server/share/view";
import { sharedVote } from "@/lib/server/votes/shared";
import type { SharedItem, SharedView } from "@/lib/studio/api/share";

/** The AIR ids of the models a guest may see in the items' settings. */
function modelsOf(items: readonly SharedItem[]): string[] {
  return items.flatMap((i) => {
    const { model, lora } = i.params ?? {};
    const loras = Array.isArray(lora) ? lora.map((l) => (l as { model?: unknown }).model) : [];
    return [model, ...loras].filter((m): m is string => typeof m === "string");
  });
}

export const metadata: Metadata = { title: "Shared from Media Studio" };

/** The link a token names, looked up once per render by the resolver route() uses. */
const linkOf = cache(async (token: string) => lookUpShareLink((await pageServices()).db, token));

/**
 * A share link's public page, for people without an account: outside the studio's signed-in
 * shell, it shows only what the link names, read-only or with guest comments.
 */
export default async function SharePage({ params }: { params: Promise<{ token: string }> }) {
  const { token } = await params;
  const { runtime, deps } = await pageServices();
  const found = await linkOf(token);
  let view: SharedView | null = null;
  let round: Awaited<ReturnType<typeof sharedVote>> = null;
  if (found.state === "live") {
    try {
      round = await sharedVote(deps, found.link);
      if (!round) view = await sharedView(deps, found.link);
    } catch (err) {
      if (!errorAnswerOf(err)) throw err;
    }
  }
  // Nothing to show: say whether the link ended or never existed (the status says the same: 410 or 404).
  const ended = !round && !view && found.state !== "unknown";
  return (
    <main id="main" className="mx-auto flex min-h-dvh w-full max-w-6xl flex-col gap-8 px-4 py-8 sm:px-8">
      <header className="flex items-center gap-3">
        <BrandMark />
        <p className="font-semibold text-[15px] text-foreground">Media Studio</p>
        <p className="ml-auto text-[12px] text-muted-subtle">
          {round?.guestVotes && round.results.status === "open"
            ? "Shared with you · your vote counts"
            : view?.allowComments
              ? "Shared with you · comments welcome"
              : "Shared with you · view only"}
        </p>
      </header>
      {round?.guestVotes && round.results.status === "open" ? (
        <GuestVote
          token={token}
          name={round.results.name}
          experimentName={round.experimentName}
          format={round.results.format}
        />
      ) : round ? (
        <SharedVote results={round.results} experimentName={round.experimentName} />
      ) : view ? (
        <SharedLink
          token={token}
          initial={view}
          modelNames={Object.fromEntries(await modelNamesFor(runtime.upstream).of(modelsOf(view.items)))}
        />
      ) : (
        <div className="mx-auto mt-16 flex max-w-md flex-col items-center gap-3 rounded-panel border border-border bg-panel p-8 text-center shadow-panel">
          <Link2Off aria-hidden className="size-8 text-muted-subtle" strokeWidth={1.5} />
          <h1 className="font-semibold text-foreground text-xl">
            {ended ? "This link has expired or was revoked" : "There is no such link"}
          </h1>
          <p className="text-[14px] text-muted">
            {ended
              ? "Ask the person who shared it for a new link."
              : "Check that the whole address was copied, or ask the person who shared it for the link again."}
          </p>
        </div>
      )}
    </main>
  );
}
