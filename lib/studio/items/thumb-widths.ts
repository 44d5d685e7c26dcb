/** Widths of the thumbnails the studio makes for each item (px); cards pick by their size. */
export const THUMB_WIDTHS = [320, 640, 1280] as const;
export type ThumbWidth = (typeof THUMB_WIDTHS)[number];
