import { describe, expect, it } from "vitest";
import { requestIdOf } from "./request-id";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe("request ids", () => {
  it.each([
    "6f1c2a3b-4d5e-4f60-8a7b-9c0d1e2f3a4b",
    "01HZX3Q4ZK6W8Y2V0T5R7N9M1P",
    "0123456789abcdef0123456789abcdef",
    "req_2026.11.25:42-a",
  ])("keeps a well-formed id: %s", (given) => {
    expect(requestIdOf(given)).toBe(given);
    expect(requestIdOf(`  ${given} `)).toBe(given);
  });

  it.each([
    ["absent", undefined],
    ["null", null],
    ["empty", ""],
    ["too short", "abc123"],
    ["too long", "a".repeat(129)],
    ["a log line forged", 'abcdefgh\n{"level":60}'],
    ["spaces", "abcd efgh ijkl"],
    ["a leading dash", "-abcdefghijk"],
    ["quotes", 'abcdefgh"ijk'],
    ["non-ASCII", "abcdéfghijkl"],
  ])("makes a new id when the given one is %s", (_, given) => {
    const id = requestIdOf(given);
    expect(id).toMatch(UUID);
    expect(requestIdOf(given)).not.toBe(id);
  });
});
