"use client";

import { create } from "zustand";

/** A point on an image (fractions of its width and height) or a moment of a video (seconds). */
export type CommentPin = { x: number; y: number } | { seconds: number };

/**
 * What the viewer shares with the review panel beside it: where the video's playhead is (a
 * comment may pin to it), a way to seek there from a comment, and the pin being placed on the
 * image by clicking (the comment box picks it up).
 */
interface ViewerState {
  /** The item on screen. */
  itemId: string | null;
  /** The video's playhead (s), 0 for images. */
  currentTime: number;
  /** Set by the player when it mounts; comments pinned to a moment call it. */
  seekTo: ((seconds: number) => void) | null;
  /** True while the next click on the image places a pin. */
  placingPin: boolean;
  /** The pin the comment being written will carry. */
  pendingPin: CommentPin | null;
  /** A comment's pin shown highlighted on the media (hover or focus in the thread). */
  highlightedCommentId: string | null;
  setItem(itemId: string | null): void;
  setCurrentTime(seconds: number): void;
  setSeekTo(seek: ((seconds: number) => void) | null): void;
  setPlacingPin(placing: boolean): void;
  setPendingPin(pin: CommentPin | null): void;
  setHighlightedComment(commentId: string | null): void;
}

export const useViewerStore = create<ViewerState>((set) => ({
  itemId: null,
  currentTime: 0,
  seekTo: null,
  placingPin: false,
  pendingPin: null,
  highlightedCommentId: null,
  setItem: (itemId) =>
    set({ itemId, currentTime: 0, placingPin: false, pendingPin: null, highlightedCommentId: null }),
  setCurrentTime: (currentTime) => set({ currentTime }),
  setSeekTo: (seekTo) => set({ seekTo }),
  setPlacingPin: (placingPin) => set({ placingPin }),
  setPendingPin: (pendingPin) => set({ pendingPin, placingPin: false }),
  setHighlightedComment: (highlightedCommentId) => set({ highlightedCommentId }),
}));
