import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import type { OpenedDatabase } from "@/lib/server/db/database";
import { openTestPglite, openTwice, testBackends } from "@/lib/server/db/test-databases";
import { databaseRateLimits, RATE_LIMITS } from "@/lib/server/rate-limits";
import { SignInLimit } from "./sign-in-limit";

const SECRET = "sign-in-limit-test-secret-0123456789";
const ACCOUNT = RATE_LIMITS.signInAccount;
const ADDRESS = RATE_LIMITS.signInAddress;
let database: OpenedDatabase;
let limit: SignInLimit;

beforeAll(async () => {
  database = await openTestPglite();
  limit = new SignInLimit(databaseRateLimits(database.db, SECRET));
}, 60_000);

afterAll(async () => {
  await database?.close();
});

afterEach(() => {
  vi.useRealTimers();
});

async function tries(n: number, email: string, address: string) {
  const out = [];
  for (let i = 0; i < n; i++) out.push(await limit.take(email, address));
  return out;
}

describe("sign-in limit", () => {
  it("holds one account to its budget, from any number of addresses", async () => {
    for (let i = 0; i < ACCOUNT.points; i++)
      expect(await limit.take("ada@studio.test", `198.51.100.${i}`)).toBeNull();
    expect(await limit.take("ADA@studio.test ", "203.0.113.77")).toMatchObject({ over: "account" });
  });

  it("one person's typos do not hold up another account behind the same address", async () => {
    const results = await tries(ACCOUNT.points + 2, "typo@studio.test", "10.0.0.1");
    expect(results.at(-1)).toMatchObject({ over: "account" });
    expect(await limit.take("grace@studio.test", "10.0.0.1")).toBeNull();
  });

  it("holds one address to its budget across accounts", async () => {
    const address = "192.0.2.50";
    for (let i = 0; i < ADDRESS.points; i++) {
      expect(await limit.take(`user${i}@studio.test`, address)).toBeNull();
    }
    const refused = await limit.take("fresh@studio.test", address);
    expect(refused).toMatchObject({ over: "address" });
    expect(refused?.retryAfterSeconds).toBeGreaterThan(0);
    expect(refused?.retryAfterSeconds).toBeLessThanOrEqual(ADDRESS.seconds);
    // Refused for its address, the attempt did not count against that account.
    expect(await limit.take("fresh@studio.test", "192.0.2.51")).toBeNull();
  });

  it("a new window gives each budget back", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(Date.now() + ACCOUNT.seconds * 1000 + 1000);
    expect(await limit.take("ada@studio.test", "203.0.113.77")).toBeNull();
    expect(await limit.take("anyone@studio.test", "192.0.2.50")).toBeNull();
  });

  it("a right password clears the account's earlier typos", async () => {
    await tries(ACCOUNT.points, "mistyped@studio.test", "10.0.0.2");
    await limit.succeeded("mistyped@studio.test");
    expect(await limit.take("mistyped@studio.test", "10.0.0.2")).toBeNull();
  });
});

describe.each(testBackends)("sign-in limit across studio processes on $name", (backend) => {
  it.skipIf(backend.skip)(
    "two processes taking attempts at once hold an account to one budget",
    async () => {
      const { a, b, dispose } = await openTwice(backend);
      try {
        const limits = [a, b].map((d) => new SignInLimit(databaseRateLimits(d.db, SECRET)));
        const attempts = Array.from({ length: 24 }, (_, i) =>
          limits[i % 2]?.take("shared@studio.test", `198.51.100.${100 + i}`),
        );
        const results = await Promise.all(attempts);
        expect(results.filter((r) => r === null)).toHaveLength(ACCOUNT.points);
        expect(results.filter((r) => r?.over === "account")).toHaveLength(24 - ACCOUNT.points);
      } finally {
        await dispose();
      }
    },
    60_000,
  );
});
