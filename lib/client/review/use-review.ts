"use client";

import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/studio/api/addresses";
import type { ApiError } from "@/lib/studio/api/errors";
import type { HistoryEntry } from "@/lib/studio/api/items";
import type { CommentPin, CommentView } from "@/lib/studio/comments/comments";
import type { ItemReview } from "@/lib/studio/items/gallery-item";
import type { ItemDetail } from "@/lib/studio/items/item-detail";
import type { ReviewState } from "@/lib/studio/review/review";
import { call } from "../endpoint-client";
import { itemKey } from "../gallery/cache";
import { commentsKey, historyKey, inboxKey } from "./keys";
import { applyReviewChange } from "./live-changes";

export type { HistoryEntry };

export function useItemDetail(itemId: string) {
  return useQuery({
    queryKey: itemKey(itemId),
    queryFn: ({ signal }) => call(api.items.get, { params: { id: itemId } }, { signal }),
    retry: false,
  });
}

export function useCommentThreads(itemId: string) {
  return useInfiniteQuery({
    queryKey: commentsKey(itemId),
    queryFn: ({ pageParam }) =>
      call(api.items.comments, { params: { id: itemId }, query: { cursor: pageParam || undefined } }),
    initialPageParam: "",
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
}

export function useHistory(itemId: string, enabled: boolean) {
  return useInfiniteQuery({
    queryKey: historyKey(itemId),
    queryFn: ({ pageParam }) =>
      call(api.items.history, { params: { id: itemId }, query: { cursor: pageParam || undefined } }),
    initialPageParam: "",
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    enabled,
  });
}

/** My own change shows at once, as a teammate's would arrive (the relay's echo changes nothing more). */
function useReviewMutation<V>(
  itemId: string,
  send: (v: V) => Promise<{ review: ItemReview; myRating?: number | null }>,
) {
  const client = useQueryClient();
  return useMutation<{ review: ItemReview; myRating?: number | null }, ApiError, V>({
    mutationFn: send,
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
  const params = { id: itemId };
  return useReviewMutation<number | null>(itemId, (value) =>
    value === null ? call(api.items.unrate, { params }) : call(api.items.rate, { params, body: { value } }),
  );
}

export function useSetState(itemId: string) {
  return useReviewMutation<ReviewState>(itemId, (state) =>
    call(api.items.setState, { params: { id: itemId }, body: { state } }),
  );
}

export function useAssign(itemId: string) {
  return useReviewMutation<string | null>(itemId, (userId) =>
    call(api.items.assign, { params: { id: itemId }, body: { userId } }),
  );
}

export function useAddComment(itemId: string) {
  const client = useQueryClient();
  return useMutation<
    { comment: CommentView },
    ApiError,
    { body: string; parentId?: string; pin?: CommentPin | null }
  >({
    mutationFn: (body) => call(api.items.addComment, { params: { id: itemId }, body }),
    onSuccess: () => applyReviewChange(client, { kind: "comment", itemId, commentId: "" }),
  });
}

export function usePatchComment(itemId: string) {
  const client = useQueryClient();
  return useMutation<{ comment: CommentView }, ApiError, { id: string; resolved?: boolean; body?: string }>({
    mutationFn: ({ id, resolved, body }) =>
      call(api.comments.update, {
        params: { id },
        body: resolved === undefined ? { body: body ?? "" } : { resolved },
      }),
    onSuccess: () => applyReviewChange(client, { kind: "comment", itemId, commentId: "" }),
  });
}

export { inboxKey };
