import { api } from "@/lib/studio/api/addresses";
import { resourceKey } from "../endpoint-client";

/**
 * Query keys of the organize screens' server data (boards, saved views, trash, share links): each
 * is its resource's root key (lib/client/endpoint-client.ts), so a mutation declared on the same
 * resource refreshes it, and a live event refreshes every read of it.
 */
export const boardsKey = resourceKey(api.boards.list);
export const savedSearchesKey = resourceKey(api.savedSearches.list);
export const trashKey = resourceKey(api.trash.list);
export const shareLinksKey = resourceKey(api.shareLinks.list);
