import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render } from "@testing-library/react";
import { vi } from "vitest";
import type { Ballot } from "@/lib/studio/api/votes";
import { BallotPanel } from "./ballot-panel";

/** A ballot panel against a stand-in server, for the ballot's component tests. */

export const VOTE = "00000000-0000-4000-8000-000000000010";
export const media = (name: string) => ({
  url: `/m/${name}.png`,
  kind: "image" as const,
  width: 8,
  height: 8,
});
export const CRITERIA = ["Prompt adherence", "Aesthetics"];
export const base = {
  id: VOTE,
  experimentId: null,
  evalSetId: null,
  name: "Which works best?",
  status: "open" as const,
  criteria: CRITERIA,
  settled: null,
};
export const json = (data: unknown) => new Response(JSON.stringify({ data }), { status: 200 });

/**
 * The ballot the server answers with, and every body posted to it. With `hold`, each answer to a
 * post waits until the test lets it go (`release`), as a server slow to answer would.
 */
export function serve(
  first: Ballot,
  after: (body: Record<string, unknown>) => Ballot,
  hold?: Promise<void>[],
) {
  let served = first;
  const posts: Record<string, unknown>[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (_url: string, init: RequestInit) => {
      if (init.method === "POST") {
        const body = JSON.parse(String(init.body)) as Record<string, unknown>;
        posts.push(body);
        await hold?.[posts.length - 1];
        served = after(body);
        return json({ ...body, ballot: served });
      }
      return json(served);
    }),
  );
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <BallotPanel voteId={VOTE} anchorId={VOTE} canClose={false} />
    </QueryClientProvider>,
  );
  return posts;
}
