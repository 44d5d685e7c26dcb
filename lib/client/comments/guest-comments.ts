"use client";

import { useInfiniteQuery, useMutation, useQueryClient } from "@tanstack/react-query";
import { call, queryKeyOf } from "@/lib/client/endpoint-client";
import { api } from "@/lib/studio/api/addresses";
import type { ApiError } from "@/lib/studio/api/errors";
import type { GuestComment } from "@/lib/studio/api/share";
import type { CommentThread, CommentView } from "@/lib/studio/comments/comments";
import type { Mark } from "@/lib/studio/comments/marks";
import { useShowOlder } from "../older-pages";

/**
 * A guest's side of the one comment road: what the share link lets them read (their own threads
 * and the team's replies in them), shaped as the member's threads so the same components show
 * them, and their comment sent through the link.
 */

const guestKey = (token: string, itemId: string) =>
  queryKeyOf(api.share.comments, { params: { token }, query: { itemId } });

/** A guest's comment as the threads show it: the team's replies carry no member, only "Team". */
function viewOf(c: GuestComment, itemId: string): CommentView {
  return {
    id: c.id,
    itemId,
    parentId: c.parentId,
    // A guest's own comment has no author id (the "Guest" badge); the team's reply is the team's.
    authorId: c.guest ? null : "team",
    authorName: c.authorName,
    body: c.body,
    pin: c.pin,
    marks: c.marks,
    resolved: false,
    resolvedByName: null,
    mentions: [],
    createdAt: c.createdAt,
    editedAt: null,
  };
}

/** Each thread's first comment with its replies; pages come oldest first, so a top comes before its replies. */
export function guestThreadsOf(comments: readonly GuestComment[], itemId: string): CommentThread[] {
  return comments
    .filter((c) => c.parentId === null)
    .map((top) => ({
      ...viewOf(top, itemId),
      replies: comments.filter((c) => c.parentId === top.id).map((c) => viewOf(c, itemId)),
    }));
}

export function useGuestThreads(token: string, itemId: string, enabled: boolean) {
  const query = useInfiniteQuery({
    enabled,
    queryKey: guestKey(token, itemId),
    initialPageParam: undefined as string | undefined,
    queryFn: ({ pageParam }) =>
      call(api.share.comments, {
        params: { token },
        query: { itemId, ...(pageParam ? { cursor: pageParam } : {}) },
      }),
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    retry: false,
  });
  const more = useShowOlder(query);
  const comments = query.data?.pages.flatMap((p) => p.comments) ?? [];
  return {
    threads: guestThreadsOf(comments, itemId),
    more: query.hasNextPage ? more : undefined,
  };
}

/** What a guest sends: their comment under the name they give. */
export interface GuestSent {
  body: string;
  name?: string;
  pin?: GuestComment["pin"];
  marks?: Mark[];
}

export function useGuestComment(token: string, itemId: string) {
  const client = useQueryClient();
  return useMutation<{ comment: GuestComment }, ApiError, GuestSent>({
    mutationFn: ({ name, ...body }) =>
      call(api.share.comment, { params: { token }, query: { itemId }, body: { name: name ?? "", ...body } }),
    onSuccess: () => client.invalidateQueries({ queryKey: guestKey(token, itemId) }),
  });
}
