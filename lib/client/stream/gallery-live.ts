"use client";

import type { QueryClient } from "@tanstack/react-query";
import type { GalleryChange } from "@/lib/studio/api/stream-events";
import { applyApprovalChange } from "../approvals/approvals";
import { invalidateResources } from "../endpoint-client";
import { applyRegressionChange } from "../eval-sets/use-regression";
import { applyReviewChange } from "../review/live-changes";
import { applyExperimentChange } from "./experiment-changes";
import { applyOrganizeChange } from "./organize-changes";
import { applyVoteChange } from "./vote-changes";

/**
 * A teammate's change to the review gallery, applied to this tab's caches: patched in place where
 * the event carries the new value, refetched where it only names what changed.
 */
export function applyGalleryChange(client: QueryClient, change: GalleryChange): void {
  // A set's regression views read ratings and votes both.
  applyRegressionChange(client, change);
  switch (change.kind) {
    case "review":
    case "comment":
    case "inbox":
      applyReviewChange(client, change);
      return;
    case "trash":
    case "restore":
    case "purge":
    case "board":
    case "savedSearch":
      applyOrganizeChange(client, change);
      return;
    case "experiment":
      applyExperimentChange(client, change);
      return;
    case "round":
      applyVoteChange(client, change);
      return;
    case "queue":
      void invalidateResources(client, ["queue", "tasks"]);
      return;
    case "approval":
      applyApprovalChange(client);
      return;
  }
}
