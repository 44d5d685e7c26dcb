"use client";

/**
 * The canvas's picture on its way to the studio. A person who chooses a picture and presses
 * Generate before it has arrived means that picture: Generate waits for it, rather than sending
 * the canvas without it and then losing the staged result when the picture lands.
 */
let current: Promise<unknown> | null = null;

/** Holds `upload` as the picture on its way; a later choice takes its place. */
export function trackPictureUpload(upload: Promise<unknown>): void {
  const mine: Promise<unknown> = upload.finally(() => {
    if (current === mine) current = null;
  });
  current = mine;
  // Its failure is the picture field's to say; waiting on it never rejects.
  mine.catch(() => {});
}

/** Resolves once no picture is on its way (at once when none is), whatever became of it. */
export async function pictureUploadSettled(): Promise<void> {
  while (current) {
    const waiting = current;
    await waiting.then(
      () => {},
      () => {},
    );
    // A picture chosen while waiting is waited for too.
    if (current === waiting) current = null;
  }
}
