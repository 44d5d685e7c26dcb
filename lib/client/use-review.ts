"use client";

import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/studio/api";
import type { InboxPage } from "@/lib/studio/api/inbox";
import type { CommentPin, CommentThread, CommentView } from "@/lib/studio/comments";
import type { ItemReview } from "@/lib/studio/gallery-item";
import type { ItemDetail } from "@/lib/studio/item-detail";
import type { ReviewState } from "@/lib/studio/review";
import { call } from "./endpoint-client";
import { itemKey } from "./gallery-cache";
import { applyReviewChange } from "./live/review-changes";
import { commentsKey, historyKey, inboxKey, inboxListKey } from "./review-keys";
import { type ApiError, fetchData } from "./use-api";

export interface HistoryEntry {
  id: number;
  actorId: string | null;
  actorName: string;
  kind: string;
  from: unknown;
  to: unknown;
  createdAt: string;
}

export function useItemDetail(itemId: string) {
  return useQuery({
    queryKey: itemKey(itemId),
    queryFn: () => fetchData<ItemDetail>(`/api/items/${itemId}`),
    retry: false,
  });
}

export function useCommentThreads(itemId: string) {
  return useInfiniteQuery({
    queryKey: commentsKey(itemId),
    queryFn: ({ pageParam }) =>
      fetchData<{ threads: CommentThread[]; nextCursor: string | null }>(
        `/api/items/${itemId}/comments${pageParam ? `?cursor=${encodeURIComponent(pageParam)}` : ""}`,
      ),
    initialPageParam: "",
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
}

export function useHistory(itemId: string, enabled: boolean) {
  return useInfiniteQuery({
    queryKey: historyKey(itemId),
    queryFn: ({ pageParam }) =>
      fetchData<{ entries: HistoryEntry[]; nextCursor: string | null }>(
        `/api/items/${itemId}/history${pageParam ? `?cursor=${encodeURIComponent(pageParam)}` : ""}`,
      ),
    initialPageParam: "",
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    enabled,
  });
}

/** My own change shows at once, as a teammate's would arrive (the relay's echo changes nothing more). */
function useReviewMutation<V>(
  itemId: string,
  request: (v: V) => { url: string; method: string; body?: unknown },
) {
  const client = useQueryClient();
  return useMutation<{ review: ItemReview; myRating?: number | null }, ApiError, V>({
    mutationFn: (v) => {
      const { url, ...init } = request(v);
      return fetchData(url, init);
    },
    onSuccess: (data) => {
      applyReviewChange(client, { kind: "review", itemId, review: data.review });
      if (data.myRating !== undefined) {
        client.setQueryData<ItemDetail>(itemKey(itemId), (d) =>
          d ? { ...d, myRating: data.myRating ?? null } : d,
        );
      }
    },
  });
}

export function useRate(itemId: string) {
  return useReviewMutation<number | null>(itemId, (value) =>
    value === null
      ? { url: `/api/items/${itemId}/rating`, method: "DELETE" }
      : { url: `/api/items/${itemId}/rating`, method: "PUT", body: { value } },
  );
}

export function useSetState(itemId: string) {
  return useReviewMutation<ReviewState>(itemId, (state) => ({
    url: `/api/items/${itemId}/state`,
    method: "PUT",
    body: { state },
  }));
}

export function useAssign(itemId: string) {
  return useReviewMutation<string | null>(itemId, (userId) => ({
    url: `/api/items/${itemId}/assignee`,
    method: "PUT",
    body: { userId },
  }));
}

export function useAddComment(itemId: string) {
  const client = useQueryClient();
  return useMutation<
    { comment: CommentView },
    ApiError,
    { body: string; parentId?: string; pin?: CommentPin | null }
  >({
    mutationFn: (body) => fetchData(`/api/items/${itemId}/comments`, { method: "POST", body }),
    onSuccess: () => applyReviewChange(client, { kind: "comment", itemId, commentId: "" }),
  });
}

export function usePatchComment(itemId: string) {
  const client = useQueryClient();
  return useMutation<{ comment: CommentView }, ApiError, { id: string; resolved?: boolean; body?: string }>({
    mutationFn: ({ id, ...patch }) => fetchData(`/api/comments/${id}`, { method: "PATCH", body: patch }),
    onSuccess: () => applyReviewChange(client, { kind: "comment", itemId, commentId: "" }),
  });
}

/** The first page of my inbox with the unread count (the bell and the inbox page share it). */
export function useInbox() {
  return useInfiniteQuery({
    queryKey: inboxListKey,
    queryFn: ({ pageParam }): Promise<InboxPage> =>
      call(api.inbox.list, { query: pageParam ? { cursor: pageParam } : {} }),
    initialPageParam: "",
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
}

export function useMarkRead() {
  const client = useQueryClient();
  return useMutation<{ unread: number }, ApiError, { commentIds: string[] } | { all: true }>({
    mutationFn: (body) => call(api.inbox.markRead, { body }),
    onSuccess: ({ unread }) => applyReviewChange(client, { kind: "inbox", unread }),
  });
}

export { inboxKey };
