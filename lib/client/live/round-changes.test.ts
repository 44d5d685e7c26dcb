import { QueryClient } from "@tanstack/react-query";
import { describe, expect, it } from "vitest";
import { experimentKey } from "./experiment-changes";
import { applyRoundChange, ballotKey, resultsKey, roundsKey } from "./round-changes";

const stale = (client: QueryClient, key: readonly unknown[]) => client.getQueryState(key)?.isInvalidated;

describe("blind vote changes from teammates", () => {
  it("refresh the experiment's rounds and that round's ballot and results, not the grid or other rounds", () => {
    const client = new QueryClient();
    for (const key of [
      roundsKey("e1"),
      roundsKey("e2"),
      ballotKey("r1"),
      resultsKey("r1"),
      resultsKey("r2"),
      experimentKey("e1"),
    ])
      client.setQueryData(key, { any: 1 });
    applyRoundChange(client, { kind: "round", anchorId: "e1", roundId: "r1" });
    expect(stale(client, roundsKey("e1"))).toBe(true);
    expect(stale(client, ballotKey("r1"))).toBe(true);
    expect(stale(client, resultsKey("r1"))).toBe(true);
    expect(stale(client, roundsKey("e2"))).toBe(false);
    expect(stale(client, resultsKey("r2"))).toBe(false);
    expect(stale(client, experimentKey("e1"))).toBe(false);
  });

  it("refresh a set's side by side (the votes each run received) when one of its rounds changes", () => {
    const client = new QueryClient();
    const compare = ["eval-sets", "s1", "compare", "r-a", "r-b"];
    const other = ["eval-sets", "s2", "compare", "r-c"];
    client.setQueryData(compare, { any: 1 });
    client.setQueryData(other, { any: 1 });
    applyRoundChange(client, { kind: "round", anchorId: "s1", roundId: "r9" });
    expect(stale(client, compare)).toBe(true);
    expect(stale(client, other)).toBe(false);
  });
});
