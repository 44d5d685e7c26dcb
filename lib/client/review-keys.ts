/** Query keys of the review's server data (the item itself is `itemKey` in gallery-cache.ts). */
export const commentsKey = (itemId: string) => ["comments", itemId] as const;
export const historyKey = (itemId: string) => ["history", itemId] as const;
/** My inbox: every page and the unread count live under this prefix. */
export const inboxKey = ["inbox"] as const;
export const inboxListKey = ["inbox", "list"] as const;
