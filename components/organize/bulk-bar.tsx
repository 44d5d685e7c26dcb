"use client";

/**
 * The actions on the gallery's selection (add to board, tag, review state, download, trash,
 * compare). The gallery page mounts it; it shows only while something is selected.
 */
export function BulkBar() {
  return null;
}
