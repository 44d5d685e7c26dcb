import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import {
  backendTitle,
  type InstancePair,
  openInstancePair,
  testBackends,
} from "@/lib/server/db/test-databases";
import { setNotificationOutlet } from "@/lib/server/notifications/outlet";
import { type DigestSetting, localClock, localMidnight } from "@/lib/studio/approvals/digest-time";
import { RecordingLog } from "../items/test-support";
import { createApproval } from "./create";
import { digestDay, digestSweep } from "./digest";
import { readDigestSetting, saveDigestSetting } from "./digest-setting";
import { approvalTeam, digestsOf, twoStages } from "./test-support";

/**
 * The digest goes out at the team's hour in the team's time zone, once per day of that zone: the
 * sweeps of two studios on one database send it once, and a clock crossing midnight there (not in
 * UTC) starts the next day.
 */

const LA: DigestSetting = { hour: 7, timeZone: "America/Los_Angeles" };

for (const backend of testBackends) {
  describe.skipIf(backend.skip !== undefined)(backendTitle(backend, "the digest at the team's hour"), () => {
    let pair: InstancePair;
    let team: Awaited<ReturnType<typeof approvalTeam>>;
    let restore: () => void = () => {};
    beforeAll(async () => {
      pair = await openInstancePair(backend);
      team = await approvalTeam(pair.a);
    }, 60_000);
    afterAll(() => pair?.dispose());
    afterEach(() => restore());

    const digests = (userId: string) => digestsOf(pair.a.db, userId);
    const sweepBoth = (at: string) =>
      Promise.all([
        digestSweep({ db: pair.a.db, log: new RecordingLog() }, new Date(at)),
        digestSweep({ db: pair.b.db, log: new RecordingLog() }, new Date(at)),
      ]);

    it("sends once per Los Angeles day at its hour, from two studios at once, across UTC midnight", async () => {
      restore = setNotificationOutlet({
        publishUnread() {},
        mailQueued() {},
        emailAvailable: true,
        sendMail: async () => false,
      });
      const { people } = team;
      expect(await readDigestSetting(pair.b.db)).toEqual({ hour: 8, timeZone: "UTC" });
      await saveDigestSetting(pair.a.db, LA, people.owner.id as string);
      // The other studio reads the owner's change from the shared database.
      expect(await readDigestSetting(pair.b.db)).toEqual(LA);
      await createApproval(
        { db: pair.a.db, log: new RecordingLog() },
        people.owner,
        // 17:00 on 4 March in Los Angeles: "tomorrow" there on the 3rd, while UTC says the 5th.
        twoStages(people, team.itemIds, { title: "Posters", dueAt: "2027-03-05T01:00:00Z" }),
        "x",
      );
      const editor = people.editor.id as string;
      // 06:45 in Los Angeles (14:45 UTC, past 8 in UTC): not yet the team's hour.
      expect((await sweepBoth("2027-03-03T14:45:00Z")).some((r) => r.sent)).toBe(false);
      // 07:00 there: both studios sweep at once, one sends.
      expect((await sweepBoth("2027-03-03T15:00:00Z")).filter((r) => r.sent)).toHaveLength(1);
      const first = await digests(editor);
      expect(first.map((d) => d.detail.lines)).toEqual([["“Posters”: Due tomorrow (4 Mar 2027)"]]);
      // 00:30 UTC on the 4th is still the 3rd in Los Angeles: nothing more.
      expect((await sweepBoth("2027-03-04T00:30:00Z")).some((r) => r.sent)).toBe(false);
      // 08:30 UTC on the 4th (a new UTC day, past 8 there) is 00:30 in Los Angeles: not yet.
      expect((await sweepBoth("2027-03-04T08:30:00Z")).some((r) => r.sent)).toBe(false);
      expect(await digests(editor)).toHaveLength(1);
      // 07:15 on the 4th in Los Angeles: the 4th's digest, once.
      expect((await sweepBoth("2027-03-04T15:15:00Z")).filter((r) => r.sent)).toHaveLength(1);
      expect((await digests(editor)).map((d) => d.detail.lines)).toContainEqual([
        "“Posters”: Due today (4 Mar 2027)",
      ]);
      expect(await digests(editor)).toHaveLength(2);
    });
  });
}

describe("the digest's day in the team's zone, over random zones, hours and sweeps", () => {
  const zones = [
    "UTC",
    "America/Los_Angeles",
    "Europe/Paris",
    "Asia/Kolkata",
    "Pacific/Auckland",
    "America/St_Johns",
  ];
  // A fixed generator: the same cases every run.
  let seed = 20270314;
  const next = (n: number) => {
    seed = (seed * 1103515245 + 12345) % 2 ** 31;
    return seed % n;
  };

  it("sends once per local day, at the first sweep at or after the hour there, across clock changes", () => {
    for (let c = 0; c < 60; c++) {
      const setting: DigestSetting = { hour: next(24), timeZone: zones[next(zones.length)] as string };
      // Sweeps every 15 minutes for 4 days from a random minute around the March and November
      // clock changes, some missed (a studio restarting).
      const start =
        Date.parse(c % 2 ? "2027-03-12T00:00:00Z" : "2027-11-05T00:00:00Z") + next(96) * 15 * 60_000;
      const claimed = new Map<string, number>();
      for (let t = start; t < start + 4 * 86_400_000; t += 15 * 60_000) {
        if (next(10) === 0) continue;
        const now = new Date(t);
        const day = digestDay(now, setting);
        const clock = localClock(now, setting.timeZone);
        if (day === null) {
          expect(clock.hour).toBeLessThan(setting.hour);
          continue;
        }
        expect(day).toBe(clock.day);
        expect(clock.hour).toBeGreaterThanOrEqual(setting.hour);
        if (!claimed.has(day)) claimed.set(day, t);
      }
      const days = [...claimed.keys()];
      // One digest per local day, on consecutive local days, each sent at or after the hour there.
      expect(new Set(days).size).toBe(days.length);
      for (const [day, at] of claimed) {
        expect(at).toBeGreaterThanOrEqual(localMidnight(day, setting.timeZone).getTime());
        expect(at).toBeLessThan(localMidnight(day, setting.timeZone, 1).getTime());
      }
      expect(days.length).toBeGreaterThanOrEqual(3);
    }
  });

  it("begins a local day at its midnight, also on a day that starts after a clock change", () => {
    expect(localMidnight("2027-03-14", "America/Los_Angeles").toISOString()).toBe("2027-03-14T08:00:00.000Z");
    expect(localMidnight("2027-03-14", "America/Los_Angeles", 1).toISOString()).toBe(
      "2027-03-15T07:00:00.000Z",
    );
    expect(localMidnight("2027-03-28", "Europe/Paris").toISOString()).toBe("2027-03-27T23:00:00.000Z");
    expect(localClock(new Date("2027-03-04T08:30:00Z"), "America/Los_Angeles")).toEqual({
      day: "2027-03-04",
      hour: 0,
    });
  });
});
