import { randomUUID } from "node:crypto";
import { type InfiniteData, QueryClient } from "@tanstack/react-query";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type GalleryPageData, galleryViewKey } from "@/lib/client/gallery/cache";
import { applyReviewChange } from "@/lib/client/review/live-changes";
import { recordItem } from "@/lib/server/db/item-records";
import { user } from "@/lib/server/db/schema";
import { recordTasks } from "@/lib/server/db/task-records";
import { backendTitle, type TestDatabase, testBackends } from "@/lib/server/db/test-databases";
import { setItemTags } from "@/lib/server/organize/tags";
import { assignItem, rateItem, setReviewState } from "@/lib/server/review/actions";
import { galleryPageSchema } from "@/lib/studio/api/items";
import type { GalleryChange } from "@/lib/studio/api/stream-events";
import { galleryItemSchema } from "@/lib/studio/items/gallery-item";
import type { Role } from "@/lib/studio/roles";
import { filteredGalleryPage } from "../gallery/gallery-page";
import { freshItemView, itemViews } from "./item-view";

// One item view: the card the relay pushes when a result arrives, kept up to date by the review
// events that follow it, reads exactly as the card a gallery page answers for the same item.

/** What crosses the socket: JSON, as the relay sends it. */
const wire = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T;

for (const backend of testBackends) {
  describe.skipIf(backend.skip !== undefined)(
    backendTitle(backend, "the live card and the page's card"),
    () => {
      let opened: TestDatabase;
      let reviewer: { id: string; name: string; role: Role };
      let editor: { id: string; name: string; role: Role };

      beforeAll(async () => {
        opened = await backend.open();
        reviewer = { id: `u-${randomUUID()}`, name: "Rita", role: "reviewer" };
        editor = { id: `u-${randomUUID()}`, name: "Ed", role: "editor" };
        for (const member of [reviewer, editor]) {
          const { id } = member;
          await opened.db
            .insert(user)
            .values({ id, name: member.name, email: `${id}@example.com`, role: member.role });
        }
      }, 60_000);
      afterAll(async () => {
        await opened?.dispose();
      });

      it("are the same object for the same item, review included, before and after the team reviews it", async () => {
        const taskUUID = randomUUID();
        await recordTasks(opened.db, editor.id, [
          {
            taskType: "imageInference",
            taskUUID,
            positivePrompt: "a lighthouse at dusk",
            model: "runware:100@1",
          },
        ]);
        const mediaUUID = randomUUID();
        const { item: row, owner } = await recordItem(opened.db, {
          taskUUID,
          mediaUUID,
          kind: "image",
          mime: "image/png",
          width: 640,
          height: 384,
          seed: 42,
          storageKey: `items/test/${mediaUUID}.png`,
          bytes: 10,
        });
        // The live path: the card the keeper publishes for a new result (made from what recording
        // it read, with no query), as the socket carries it; the same as the card read back.
        const [made] = await itemViews(opened.db, [row], "new");
        expect(freshItemView(row, owner)).toEqual(made);
        const live = wire(freshItemView(row, owner));
        const pageCard = async () => {
          const page = await filteredGalleryPage(opened.db, {}, { id: reviewer.id }, { limit: 200 });
          return page.items.find((i) => i.id === row.id);
        };
        expect(galleryItemSchema.parse(live)).toEqual(live);
        expect(live).toEqual(await pageCard());

        // The page's cache holds the live card; the team reviews the item and the relay tells the tab.
        const client = new QueryClient();
        client.setQueryData<InfiniteData<GalleryPageData>>(galleryViewKey(""), {
          pages: [{ items: [live], nextCursor: null }],
          pageParams: [null],
        });
        const changes: GalleryChange[] = [];
        const deps = {
          db: opened.db,
          log: { publishGallery: (change: GalleryChange) => changes.push(change) },
        };
        await setReviewState(deps, reviewer, row.id, "approved");
        await rateItem(deps, reviewer, row.id, 4);
        await assignItem(deps, reviewer, row.id, reviewer.id);
        await setItemTags(deps, editor, row.id, ["night", "coast"]);
        expect(changes.length).toBeGreaterThanOrEqual(4);
        for (const change of wire(changes)) {
          if (change.kind === "review") applyReviewChange(client, change);
        }
        const cached = client.getQueryData<InfiniteData<GalleryPageData>>(galleryViewKey(""))?.pages[0]
          ?.items[0];
        const reloaded = await pageCard();
        expect(reloaded?.review).toMatchObject({
          state: "approved",
          ratingAvg: 4,
          ratingCount: 1,
          assigneeId: reviewer.id,
          tags: ["coast", "night"],
        });
        expect(cached).toEqual(reloaded);
        expect(galleryPageSchema.parse({ items: [cached], nextCursor: null }).items[0]).toEqual(reloaded);
        client.clear();
      });
    },
  );
}
