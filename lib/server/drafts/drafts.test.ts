import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GET as getDraft, PUT as putDraft } from "@/app/api/drafts/[workflow]/route";
import { GET as getSetup } from "@/app/api/setups/[id]/route";
import { POST as postSetup } from "@/app/api/setups/route";
import { installTestRuntime, routeRequest } from "@/lib/server/api/route-test-kit";
import {
  backendTitle,
  createTestUser,
  openTwice,
  type TestDatabase,
  testBackends,
} from "@/lib/server/db/test-databases";
import { readDraft, saveDraft } from "./drafts";

// The draft and setup endpoints as the studio serves them, over a real database: a member reads
// only their own draft, a teammate opens a setup, a late save never overwrites a newer one.

const ADA = { id: "u-ada", name: "Ada", email: "ada@studio.test", role: "editor" as const };
const BOB = { id: "u-bob", name: "Bob", email: "bob@studio.test", role: "viewer" as const };

const req = routeRequest;

const at = (params: Record<string, string>) => ({ params: Promise.resolve(params) });

async function json(res: Response) {
  return (await res.json()) as {
    data?: Record<string, unknown>;
    errors?: { code: string; parameter?: string }[];
  };
}

for (const backend of testBackends) {
  describe.skipIf(backend.skip)(backendTitle(backend, "drafts and setups"), () => {
    let database: TestDatabase;
    let restore: () => void = () => {};

    beforeAll(async () => {
      database = await backend.open();
      await createTestUser(database, ADA.id);
      await createTestUser(database, BOB.id);
      restore = installTestRuntime(database, { "ada=1": ADA, "bob=1": BOB });
    }, 60_000);

    afterAll(async () => {
      restore();
      await database?.dispose();
    });

    it("keeps a member's draft to that member: a second member reads none, a guest is refused", async () => {
      const values = {
        positivePrompt: "a lighthouse at dusk",
        seedImage: "0f0e0d0c-0b0a-4908-8706-050403020100",
      };
      const saved = await putDraft(
        req("PUT", "/api/drafts/inpainting", "ada=1", { values, savedAt: 1000 }),
        at({ workflow: "inpainting" }),
      );
      expect(saved.status).toBe(200);
      const mine = await json(
        await getDraft(req("GET", "/api/drafts/inpainting", "ada=1"), at({ workflow: "inpainting" })),
      );
      expect(mine.data?.draft).toMatchObject({ values, savedAt: 1000 });
      const theirs = await json(
        await getDraft(req("GET", "/api/drafts/inpainting", "bob=1"), at({ workflow: "inpainting" })),
      );
      expect(theirs.data).toEqual({ draft: null });
      const guest = await getDraft(
        req("GET", "/api/drafts/inpainting", null),
        at({ workflow: "inpainting" }),
      );
      expect(guest.status).toBe(401);
      // Bob saving his own copy leaves Ada's as it was.
      await putDraft(
        req("PUT", "/api/drafts/inpainting", "bob=1", { values: { positivePrompt: "mine" }, savedAt: 5000 }),
        at({ workflow: "inpainting" }),
      );
      expect((await readDraft(database.db, ADA.id, "inpainting"))?.values).toEqual(values);
    });

    it("refuses a save taken before the stored one, and changes nothing", async () => {
      await putDraft(
        req("PUT", "/api/drafts/video", "ada=1", { values: { positivePrompt: "newer" }, savedAt: 2000 }),
        at({ workflow: "video" }),
      );
      const late = await putDraft(
        req("PUT", "/api/drafts/video", "ada=1", { values: { positivePrompt: "older" }, savedAt: 1500 }),
        at({ workflow: "video" }),
      );
      expect(late.status).toBe(409);
      expect((await json(late)).errors?.[0]).toMatchObject({ code: "conflictDraft", parameter: "savedAt" });
      expect((await readDraft(database.db, ADA.id, "video"))?.values).toEqual({ positivePrompt: "newer" });
    });

    it("keeps the later save of a device whose clock is behind, and still refuses a tab's own late save", async () => {
      const phone = "5d1c7a52-8f1e-4c55-9a43-2b7e3f0c9d11";
      const laptop = "a3b9e0f4-6c2d-4e8a-b1f7-0d4c5e6f7a82";
      const put = (values: Record<string, unknown>, savedAt: number, writer?: string) =>
        putDraft(
          req("PUT", "/api/drafts/outpainting", "ada=1", { values, savedAt, ...(writer ? { writer } : {}) }),
          at({ workflow: "outpainting" }),
        );
      // The laptop's clock is right; the phone's is ten minutes behind and saves after it.
      expect((await put({ positivePrompt: "from the laptop" }, 1_700_000_600_000, laptop)).status).toBe(200);
      const phoneSave = await put({ positivePrompt: "from the phone, later" }, 1_700_000_000_000, phone);
      expect(phoneSave.status).toBe(200);
      expect((await readDraft(database.db, ADA.id, "outpainting"))?.values).toEqual({
        positivePrompt: "from the phone, later",
      });
      // The kept copy names its tab and that tab's time: how a canvas tells it from its own copy.
      expect(await readDraft(database.db, ADA.id, "outpainting")).toMatchObject({
        writer: phone,
        savedAt: 1_700_000_000_000,
      });
      // The phone's own earlier copy, held up on a slow link, arrives last: refused.
      const late = await put({ positivePrompt: "the phone's older copy" }, 1_699_999_999_000, phone);
      expect(late.status).toBe(409);
      expect((await readDraft(database.db, ADA.id, "outpainting"))?.values).toEqual({
        positivePrompt: "from the phone, later",
      });
      // And the laptop, whose clock runs ahead of the phone's, saves again: received last, kept.
      expect((await put({ positivePrompt: "the laptop again" }, 1_700_000_700_000, laptop)).status).toBe(200);
      expect((await readDraft(database.db, ADA.id, "outpainting"))?.values).toEqual({
        positivePrompt: "the laptop again",
      });
    });

    it("keeps the canvas as a draft of its own, beside the forms' drafts", async () => {
      const values = { state: { doc: { layers: [{ id: "m", kind: "inpaintMask" }] } }, version: 1 };
      const saved = await putDraft(
        req("PUT", "/api/drafts/canvas", "ada=1", { values, savedAt: 3000 }),
        at({ workflow: "canvas" }),
      );
      expect(saved.status).toBe(200);
      const mine = await json(
        await getDraft(req("GET", "/api/drafts/canvas", "ada=1"), at({ workflow: "canvas" })),
      );
      expect(mine.data?.draft).toMatchObject({ values, savedAt: 3000 });
      const theirs = await json(
        await getDraft(req("GET", "/api/drafts/canvas", "bob=1"), at({ workflow: "canvas" })),
      );
      expect(theirs.data).toEqual({ draft: null });
    });

    it("answers bad input naming the parameter", async () => {
      const workflow = await getDraft(req("GET", "/api/drafts/nope", "ada=1"), at({ workflow: "nope" }));
      expect(workflow.status).toBe(400);
      expect((await json(workflow)).errors?.[0]?.parameter).toBe("workflow");
      const savedAt = await putDraft(
        req("PUT", "/api/drafts/video", "ada=1", { values: {}, savedAt: "soon" }),
        at({ workflow: "video" }),
      );
      expect(savedAt.status).toBe(400);
      expect((await json(savedAt)).errors?.[0]?.parameter).toBe("savedAt");
      const values = await putDraft(
        req("PUT", "/api/drafts/video", "ada=1", { values: ["a"], savedAt: 1 }),
        at({ workflow: "video" }),
      );
      expect((await json(values)).errors?.[0]?.parameter).toBe("values");
      const setup = await getSetup(req("GET", "/api/setups/x", "ada=1"), at({ id: "x" }));
      expect((await json(setup)).errors?.[0]?.parameter).toBe("id");
    });

    it("refuses values the database cannot keep, naming them, and keeps nothing", async () => {
      let deep: unknown = "x";
      for (let i = 0; i < 300; i++) deep = { a: deep };
      const hostile = [{ a: deep }, { prompt: "a\u0000b" }, { "a\u0000": 1 }, { a: [[{ b: "\u0000" }]] }];
      for (const values of hostile) {
        const setup = await postSetup(
          req("POST", "/api/setups", "ada=1", { workflow: "text-to-image", values }),
          at({}),
        );
        expect(setup.status).toBe(400);
        expect((await json(setup)).errors?.[0]?.parameter).toMatch(/^values/);
        const draft = await putDraft(
          req("PUT", "/api/drafts/text-to-image", "ada=1", { values, savedAt: 5 }),
          at({ workflow: "text-to-image" }),
        );
        expect(draft.status).toBe(400);
      }
      const kept = await json(
        await getDraft(req("GET", "/api/drafts/text-to-image", "ada=1"), at({ workflow: "text-to-image" })),
      );
      expect(kept.data?.draft).toBeNull();
    });

    it("opens a setup for a teammate, frozen when it was made, and never for a guest", async () => {
      const made = await json(
        await postSetup(
          req("POST", "/api/setups", "ada=1", {
            workflow: "controlnet",
            values: { positivePrompt: "a pose" },
          }),
          at({}),
        ),
      );
      const id = (made.data?.setup as { id: string } | undefined)?.id ?? "";
      await putDraft(
        req("PUT", "/api/drafts/controlnet", "ada=1", {
          values: { positivePrompt: "changed" },
          savedAt: 9000,
        }),
        at({ workflow: "controlnet" }),
      );
      const opened = await json(await getSetup(req("GET", `/api/setups/${id}`, "bob=1"), at({ id })));
      expect(opened.data?.setup).toMatchObject({
        workflow: "controlnet",
        values: { positivePrompt: "a pose" },
        authorName: ADA.id,
      });
      expect((await getSetup(req("GET", `/api/setups/${id}`, null), at({ id }))).status).toBe(401);
      const unknown = "00000000-0000-4000-8000-000000000000";
      expect(
        (await getSetup(req("GET", `/api/setups/${unknown}`, "bob=1"), at({ id: unknown }))).status,
      ).toBe(404);
    });

    it("keeps a setup of the canvas's settings, and refuses one for a page that is not there, naming workflow", async () => {
      const made = await json(
        await postSetup(
          req("POST", "/api/setups", "ada=1", {
            workflow: "canvas",
            values: { positivePrompt: "a kite", steps: 30 },
          }),
          at({}),
        ),
      );
      const id = (made.data?.setup as { id: string } | undefined)?.id ?? "";
      const opened = await json(await getSetup(req("GET", `/api/setups/${id}`, "bob=1"), at({ id })));
      expect(opened.data?.setup).toMatchObject({ workflow: "canvas", values: { steps: 30 } });
      const refused = await postSetup(
        req("POST", "/api/setups", "ada=1", { workflow: "sketchbook", values: {} }),
        at({}),
      );
      expect(refused.status).toBe(400);
      expect((await json(refused)).errors?.[0]?.parameter).toBe("workflow");
    });
  });

  describe.skipIf(backend.skip)(backendTitle(backend, "drafts saved at once from two studios"), () => {
    it.each(["text-to-image", "canvas"] as const)(
      "keeps the %s copy taken last, whatever order thirty saves arrive in",
      async (workflow) => {
        const pair = await openTwice(backend);
        try {
          const userId = await createTestUser(pair.a);
          // Taken at 1..30, sent in a shuffled order, alternately through each studio's pool.
          const times = Array.from({ length: 30 }, (_, i) => i + 1);
          for (let i = times.length - 1; i > 0; i--) {
            const j = Math.floor(Math.random() * (i + 1));
            [times[i], times[j]] = [times[j] as number, times[i] as number];
          }
          const outcomes = await Promise.allSettled(
            times.map((t, i) =>
              saveDraft((i % 2 ? pair.b : pair.a).db, userId, workflow, {
                values: { positivePrompt: `copy ${t}` },
                savedAt: t,
              }),
            ),
          );
          const stored = await readDraft(pair.a.db, userId, workflow);
          expect(stored).toMatchObject({ savedAt: 30, values: { positivePrompt: "copy 30" } });
          // Every refusal is the stale answer; nothing else failed.
          for (const o of outcomes) {
            if (o.status === "rejected") expect(String((o.reason as Error).message)).toMatch(/newer copy/);
          }
        } finally {
          await pair.dispose();
        }
      },
      60_000,
    );
  });
}
