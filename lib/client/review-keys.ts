import { api } from "@/lib/studio/api";
import { queryKeyOf, resourceKey } from "./endpoint-client";

/** Query keys of the review's server data (the item itself is `itemKey` in gallery-cache.ts). */
export const commentsKey = (itemId: string) => queryKeyOf(api.items.comments, { params: { id: itemId } });
export const historyKey = (itemId: string) => queryKeyOf(api.items.history, { params: { id: itemId } });
/** My inbox: every page and the unread count live under this prefix. */
export const inboxKey = resourceKey(api.inbox.list);
export const inboxListKey = queryKeyOf(api.inbox.list);
