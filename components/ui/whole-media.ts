/**
 * Classes for an image or video shown whole at its own aspect ratio, centred in a positioned
 * cell (letterboxed), so tiles of mixed shapes still line up. Auto width and height under both
 * max bounds keep the ratio; pass the item's recorded width and height as attributes so the
 * browser knows the ratio before the file arrives.
 */
export const wholeMedia = "absolute inset-0 m-auto h-auto max-h-full w-auto max-w-full";
