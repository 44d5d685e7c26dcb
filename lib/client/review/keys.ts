import { api } from "@/lib/studio/api/addresses";
import { queryKeyOf, resourceKey } from "../endpoint-client";

/** Query keys of the review's server data (the item itself is `itemKey` in lib/client/gallery/cache.ts). */
export const commentsKey = (itemId: string) => queryKeyOf(api.items.comments, { params: { id: itemId } });
export const historyKey = (itemId: string) => queryKeyOf(api.items.history, { params: { id: itemId } });
/** My inbox: every page, the unread count and my settings live under this prefix. */
export const inboxKey = resourceKey(api.inbox.list);
/** My inbox's pages, whatever the filter. */
export const inboxPagesKey = queryKeyOf(api.inbox.list).slice(0, 3);
/** My inbox's pages with a filter (none: the whole inbox). */
export const inboxListKey = (query: { kind?: string; unread?: "1" } = {}) =>
  queryKeyOf(api.inbox.list, Object.keys(query).length > 0 ? { query } : {});
export const unreadKey = queryKeyOf(api.inbox.unread);
