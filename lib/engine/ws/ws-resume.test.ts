import { afterEach, describe, expect, it } from "vitest";
import { WS_CLOSE } from "./options";
import {
  eventually,
  type Harness,
  imageTask,
  KEY_A,
  KEY_A2,
  KEY_B,
  seededRandom,
  sleep,
  startHarness,
  type TestClient,
} from "./test-support";

let harness: Harness;
afterEach(async () => {
  await harness?.close();
});

/** `taskUUID#index` of every result item the clients received, duplicates included. */
function received(clients: TestClient[], taskUUIDs: ReadonlySet<string>): string[] {
  return clients.flatMap((c) =>
    c
      .dataItems()
      .filter((item) => taskUUIDs.has(String(item.taskUUID)))
      .map((item) => `${String(item.taskUUID)}#${String(item.index)}`),
  );
}

function expectedKeys(plans: Array<{ taskUUID: string; count: number }>): string[] {
  return plans.flatMap((p) => Array.from({ length: p.count }, (_, i) => `${p.taskUUID}#${i + 1}`)).sort();
}

/** The taskUUIDs among `uuids` the core was given. */
function submitted(uuids: ReadonlySet<string>): Set<string> {
  const seen = harness.core.submissions.flatMap((s) =>
    s.tasks.map((t) => ("taskUUID" in t ? String(t.taskUUID) : "")),
  );
  return new Set(seen.filter((id) => uuids.has(id)));
}

/** What a timed-out wait lacked: the results not received and what the server still holds. */
function missing(clients: TestClient[], uuids: ReadonlySet<string>, expected: string[]): string {
  const got = new Set(received(clients, uuids));
  const stats = harness.server.stats();
  return [
    `missing ${expected.filter((key) => !got.has(key)).join(", ")}`,
    `tasks given to the core ${submitted(uuids).size} of ${uuids.size}`,
    `server holds ${stats.bufferedMessages} messages, ${stats.detachedSessions} detached sessions`,
    `sockets ${clients.map((c) => c.ws.readyState).join("/")}`,
  ].join("; ");
}

/** Waits until the server has noticed a drop (the session is detached). */
async function serverSawDrop(detached = 1): Promise<void> {
  await eventually(
    () => harness.server.stats().detachedSessions >= detached,
    2_000,
    "the server to see the drop",
  );
}

describe("WebSocket session resume", () => {
  it("delivers results that completed while the socket was away, without resending the request", async () => {
    harness = await startHarness();
    const task = imageTask();
    harness.core.plans.set(String(task.taskUUID), { count: 6, delayMs: 0, intervalMs: 30 });
    const first = await harness.connect();
    const session = await first.authenticate(KEY_A);
    first.send([task]);
    await first.waitUntil(() => first.dataItems().filter((d) => d.taskUUID === task.taskUUID).length >= 2);
    await first.close();
    await sleep(80);
    const second = await harness.connect();
    expect(await second.authenticate(KEY_A, session)).toBe(session);
    const uuids = new Set([String(task.taskUUID)]);
    await second.waitUntil(() => received([first, second], uuids).length >= 6);
    await sleep(50);
    expect(received([first, second], uuids).sort()).toEqual(
      expectedKeys([{ taskUUID: String(task.taskUUID), count: 6 }]),
    );
    expect(harness.core.submissions).toHaveLength(1);
    // The authentication reply comes before the buffered results.
    expect(second.messages[0]?.data?.[0]?.taskType).toBe("authentication");
  });

  it("never loses nor duplicates a result across random drops (30 seeded runs)", async () => {
    harness = await startHarness({ resumeMs: 2_000 });
    for (let run = 0; run < 30; run++) {
      const seed = 0x5eed + run;
      const random = seededRandom(seed);
      const plans = Array.from({ length: 1 + Math.floor(random() * 3) }, () => ({
        task: imageTask(),
        count: 1 + Math.floor(random() * 6),
        delayMs: Math.floor(random() * 40),
        intervalMs: Math.floor(random() * 20),
      }));
      for (const p of plans) harness.core.plans.set(String(p.task.taskUUID), p);
      const uuids = new Set(plans.map((p) => String(p.task.taskUUID)));
      const expected = expectedKeys(
        plans.map((p) => ({ taskUUID: String(p.task.taskUUID), count: p.count })),
      );

      const clients: TestClient[] = [await harness.connect()];
      const session = await (clients[0] as TestClient).authenticate(KEY_A);
      (clients[0] as TestClient).send(plans.map((p) => p.task));
      // The guarantee covers tasks the service read. A socket destroyed before the server read the
      // request off it takes the request with it (the client never had an answer for it), so the
      // drops start once the tasks are in: a timers phase can otherwise run before the read.
      await eventually(
        () => submitted(uuids).size === uuids.size,
        5_000,
        `seed ${seed}: the tasks to arrive`,
      );
      const drops = random() < 0.4 ? 2 : 1;
      for (let d = 0; d < drops; d++) {
        const current = clients[clients.length - 1] as TestClient;
        await sleep(Math.floor(random() * 80));
        // Both ways a socket ends with every written frame readable by the client: a clean close
        // from the client, or the server's TCP socket destroyed (the network dropping it).
        if (random() < 0.5) await current.close();
        else {
          harness.serverSocketOf(current).destroy();
          await current.closed;
        }
        await sleep(Math.floor(random() * 50));
        const next = await harness.connect();
        clients.push(next);
        expect(await next.authenticate(KEY_A, session), `seed ${seed}`).toBe(session);
      }
      const last = clients[clients.length - 1] as TestClient;
      // Generous: on a loaded machine (the whole suite in parallel) a resume can take seconds;
      // a lost result never arrives however long the wait, so the check stays as strict.
      await last
        .waitUntil(() => received(clients, uuids).length >= expected.length, 15_000, `seed ${seed}`)
        .catch((error: unknown) => {
          throw new Error(`${String(error)}; ${missing(clients, uuids, expected)}`);
        });
      await sleep(30); // a duplicate would arrive by now
      expect(received(clients, uuids).sort(), `seed ${seed}`).toEqual(expected);
      expect(harness.server.stats().bufferedMessages, `seed ${seed}`).toBe(0);
      await last.close();
    }
  }, 60_000);

  it("drops the session after resumeMs: a late resume gets a new session and nothing old", async () => {
    harness = await startHarness({ resumeMs: 300 });
    const task = imageTask();
    harness.core.plans.set(String(task.taskUUID), { count: 3, delayMs: 100 });
    const first = await harness.connect();
    const session = await first.authenticate(KEY_A);
    first.send([task]);
    await first.close();
    await sleep(450);
    const late = await harness.connect();
    const fresh = await late.authenticate(KEY_A, session);
    expect(fresh).not.toBe(session);
    await sleep(100);
    expect(received([first, late], new Set([String(task.taskUUID)]))).toEqual([]);
    expect(harness.server.stats().expiredWithResults).toBe(1);
  });

  it("resumes just inside the window and not just outside it (real time, resumeMs 300)", async () => {
    harness = await startHarness({ resumeMs: 300 });
    const inside = await harness.connect();
    const insideSession = await inside.authenticate(KEY_A);
    const outside = await harness.connect();
    const outsideSession = await outside.authenticate(KEY_A);
    await Promise.all([inside.close(), outside.close()]);
    await sleep(200);
    const a = await harness.connect();
    expect(await a.authenticate(KEY_A, insideSession)).toBe(insideSession);
    await sleep(200);
    const b = await harness.connect();
    expect(await b.authenticate(KEY_A, outsideSession)).not.toBe(outsideSession);
  });

  it("measures the window with the injected clock: resumeMs - 1 works, resumeMs does not", async () => {
    let clock = 1_000_000;
    harness = await startHarness({ resumeMs: 300, now: () => clock });
    const task = imageTask();
    harness.core.plans.set(String(task.taskUUID), { count: 0 });
    const first = await harness.connect();
    const session = await first.authenticate(KEY_A);
    first.send([task]);
    await eventually(() => harness.core.submissions.length === 1);
    const sink = harness.core.submissions[0]?.sink;
    await first.close();
    await serverSawDrop();
    sink?.result({ taskType: "imageInference", taskUUID: String(task.taskUUID), index: 1 });
    clock += 299;
    const second = await harness.connect();
    expect(await second.authenticate(KEY_A, session)).toBe(session);
    await second.waitUntil(() => second.dataItems().some((d) => d.index === 1));

    await second.close();
    await serverSawDrop();
    sink?.result({ taskType: "imageInference", taskUUID: String(task.taskUUID), index: 2 });
    clock += 300;
    const third = await harness.connect();
    expect(await third.authenticate(KEY_A, session)).not.toBe(session);
    await sleep(50);
    expect(third.dataItems().filter((d) => d.taskUUID === task.taskUUID)).toEqual([]);
  });

  it("does not let another account resume a session, and that attempt does not end it", async () => {
    harness = await startHarness();
    const task = imageTask();
    harness.core.plans.set(String(task.taskUUID), { count: 2, delayMs: 50 });
    const owner = await harness.connect();
    const session = await owner.authenticate(KEY_A);
    owner.send([task]);
    await owner.close();
    const intruder = await harness.connect();
    expect(await intruder.authenticate(KEY_B, session)).not.toBe(session);
    await sleep(120);
    expect(intruder.dataItems().filter((d) => d.taskUUID === task.taskUUID)).toEqual([]);
    // Another key of the same account may resume it.
    const colleague = await harness.connect();
    expect(await colleague.authenticate(KEY_A2, session)).toBe(session);
    await colleague.waitUntil(
      () => colleague.dataItems().filter((d) => d.taskUUID === task.taskUUID).length === 2,
    );
  });

  it("keeps a result that completes just as the socket drops", async () => {
    harness = await startHarness();
    const task = imageTask();
    harness.core.plans.set(String(task.taskUUID), { count: 0 });
    const first = await harness.connect();
    const session = await first.authenticate(KEY_A);
    first.send([task]);
    await eventually(() => harness.core.submissions.length === 1);
    const sink = harness.core.submissions[0]?.sink;
    // The TCP socket dies; the server's WebSocket has not noticed yet and still tries to write.
    harness.serverSocketOf(first).destroy();
    sink?.result({ taskType: "imageInference", taskUUID: String(task.taskUUID), index: 1 });
    await first.closed;
    expect(first.dataItems().filter((d) => d.taskUUID === task.taskUUID)).toEqual([]);
    const second = await harness.connect();
    expect(await second.authenticate(KEY_A, session)).toBe(session);
    await second.waitUntil(() => second.dataItems().some((d) => d.taskUUID === task.taskUUID));
    await sleep(30);
    expect(second.dataItems().filter((d) => d.taskUUID === task.taskUUID)).toHaveLength(1);
  });

  it("moves a session to the socket that resumes it and closes the old one with 4001", async () => {
    harness = await startHarness();
    const task = imageTask();
    harness.core.plans.set(String(task.taskUUID), { count: 8, delayMs: 0, intervalMs: 15 });
    const old = await harness.connect();
    const session = await old.authenticate(KEY_A);
    old.send([task]);
    await old.waitUntil(() => old.dataItems().some((d) => d.taskUUID === task.taskUUID));
    // A half-open socket the client gave up on: it opens another and resumes there.
    const fresh = await harness.connect();
    expect(await fresh.authenticate(KEY_A, session)).toBe(session);
    expect([WS_CLOSE.sessionResumedElsewhere, 1006]).toContain((await old.closed).code);
    const uuids = new Set([String(task.taskUUID)]);
    await fresh.waitUntil(() => received([old, fresh], uuids).length >= 8);
    await sleep(50);
    expect(received([old, fresh], uuids).sort()).toEqual(
      expectedKeys([{ taskUUID: String(task.taskUUID), count: 8 }]),
    );
  });

  it("routes validation errors through the session, so they survive a drop too", async () => {
    harness = await startHarness();
    const first = await harness.connect();
    const session = await first.authenticate(KEY_A);
    const bad = { ...imageTask(), height: 7 };
    // The task and the close frame reach the server together: the answer cannot go out on this
    // socket any more, so it waits in the session.
    first.send([bad]);
    await first.close();
    const second = await harness.connect();
    expect(await second.authenticate(KEY_A, session)).toBe(session);
    const errorsFor = (c: TestClient) => c.messages.filter((m) => m.errors?.[0]?.taskUUID === bad.taskUUID);
    await second.waitUntil(() => errorsFor(first).length + errorsFor(second).length >= 1);
    await sleep(30);
    const all = [...errorsFor(first), ...errorsFor(second)];
    expect(all).toHaveLength(1);
    expect(all[0]?.errors?.[0]?.parameter).toBe("height");
  });
});
