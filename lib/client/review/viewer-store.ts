"use client";

import { create } from "zustand";
import type { Mark, MarkColor, MarkKind } from "@/lib/studio/comments/marks";

/** A point on an image (fractions of its width and height), or a moment or range of a video (s). */
export type CommentPin = { x: number; y: number } | { seconds: number; endSeconds?: number };

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
  /** True while the pointer draws marks on the media for the comment being written. */
  drawing: boolean;
  markTool: MarkKind;
  markColor: MarkColor;
  /** The marks the comment being written will carry, oldest first (undo takes the last). */
  draftMarks: Mark[];
  /** The thread whose marks stay shown on the media (pressed in the list). */
  selectedCommentId: string | null;
  /** Set by the video player: plays from one moment and pauses at the other. */
  playRange: ((from: number, to: number) => void) | null;
  setItem(itemId: string | null): void;
  setDrawing(drawing: boolean): void;
  setMarkTool(tool: MarkKind): void;
  setMarkColor(color: MarkColor): void;
  addDraftMark(mark: Mark): void;
  undoDraftMark(): void;
  setDraftMarks(marks: Mark[]): void;
  setSelectedComment(commentId: string | null): void;
  setPlayRange(play: ((from: number, to: number) => void) | null): void;
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
  drawing: false,
  markTool: "arrow",
  markColor: "red",
  draftMarks: [],
  selectedCommentId: null,
  playRange: null,
  setItem: (itemId) =>
    set({
      itemId,
      currentTime: 0,
      placingPin: false,
      pendingPin: null,
      highlightedCommentId: null,
      drawing: false,
      draftMarks: [],
      selectedCommentId: null,
    }),
  // Drawing and placing a pin both take the pointer on the media: one at a time.
  setDrawing: (drawing) => set(drawing ? { drawing, placingPin: false } : { drawing }),
  setMarkTool: (markTool) => set({ markTool }),
  setMarkColor: (markColor) => set({ markColor }),
  addDraftMark: (mark) => set((s) => ({ draftMarks: [...s.draftMarks, mark] })),
  undoDraftMark: () => set((s) => ({ draftMarks: s.draftMarks.slice(0, -1) })),
  setDraftMarks: (draftMarks) => set({ draftMarks }),
  setSelectedComment: (selectedCommentId) => set({ selectedCommentId }),
  setPlayRange: (playRange) => set({ playRange }),
  setCurrentTime: (currentTime) => set({ currentTime }),
  setSeekTo: (seekTo) => set({ seekTo }),
  setPlacingPin: (placingPin) => set(placingPin ? { placingPin, drawing: false } : { placingPin }),
  setPendingPin: (pendingPin) => set({ pendingPin, placingPin: false }),
  setHighlightedComment: (highlightedCommentId) => set({ highlightedCommentId }),
}));
