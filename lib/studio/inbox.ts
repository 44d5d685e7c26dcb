/** One mention of me in a comment, as the inbox lists it (`GET /api/inbox`). */
export interface InboxEntry {
  commentId: string;
  itemId: string;
  createdAt: string;
  read: boolean;
  comment: { body: string; parentId: string | null; authorName: string };
  item: {
    kind: "image" | "video";
    prompt: string | null;
    /** A small thumbnail; `url` (the full media) when the thumbnail cannot be had. */
    thumbUrl: string;
    url: string;
    inTrash: boolean;
  };
}

export interface InboxPage {
  entries: InboxEntry[];
  nextCursor: string | null;
  unread: number;
}
