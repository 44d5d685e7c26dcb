import { QueryClient } from "@tanstack/react-query";
import { describe, expect, it } from "vitest";
import { queryKeyOf } from "@/lib/client/endpoint-client";
import { api } from "@/lib/studio/api/addresses";
import { experimentKey } from "../experiments/keys";
import { ballotKey, resultsKey, voteKey, votesOfEvalSetKey, votesOfExperimentKey } from "../votes/keys";
import { applyVoteChange } from "./vote-changes";

const stale = (client: QueryClient, key: readonly unknown[]) => client.getQueryState(key)?.isInvalidated;

describe("blind vote changes from teammates", () => {
  it("refresh the experiment's votes and that vote's ballot and results, not the grid or other votes", () => {
    const client = new QueryClient();
    for (const key of [
      votesOfExperimentKey("e1"),
      votesOfExperimentKey("e2"),
      ballotKey("r1"),
      resultsKey("r1"),
      resultsKey("r2"),
      experimentKey("e1"),
    ])
      client.setQueryData(key, { any: 1 });
    applyVoteChange(client, { kind: "round", anchorId: "e1", roundId: "r1" });
    expect(stale(client, votesOfExperimentKey("e1"))).toBe(true);
    expect(stale(client, ballotKey("r1"))).toBe(true);
    expect(stale(client, resultsKey("r1"))).toBe(true);
    expect(stale(client, votesOfExperimentKey("e2"))).toBe(false);
    expect(stale(client, resultsKey("r2"))).toBe(false);
    expect(stale(client, experimentKey("e1"))).toBe(false);
  });

  it("refresh a vote's own page when the vote over picked results is its own anchor", () => {
    const client = new QueryClient();
    client.setQueryData(voteKey("v1"), { any: 1 });
    client.setQueryData(voteKey("v2"), { any: 1 });
    applyVoteChange(client, { kind: "round", anchorId: "v1", roundId: "v1" });
    expect(stale(client, voteKey("v1"))).toBe(true);
    expect(stale(client, voteKey("v2"))).toBe(false);
  });

  it("refresh a set's votes and its side by side (the votes each run received), not another set's", () => {
    const client = new QueryClient();
    const compare = queryKeyOf(api.evalSets.compare, { params: { id: "s1" }, query: { runs: "a,b" } });
    const other = queryKeyOf(api.evalSets.compare, { params: { id: "s2" }, query: { runs: "c" } });
    for (const key of [compare, other, votesOfEvalSetKey("s1")]) client.setQueryData(key, { any: 1 });
    applyVoteChange(client, { kind: "round", anchorId: "s1", roundId: "r9" });
    expect(stale(client, compare)).toBe(true);
    expect(stale(client, votesOfEvalSetKey("s1"))).toBe(true);
    expect(stale(client, other)).toBe(false);
  });
});
