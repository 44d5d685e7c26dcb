"use client";

/**
 * Images on their way to the studio from an image field (a file chosen, dropped or pasted). A
 * person who chooses an image and presses Generate before it has arrived means that image: what
 * is sent is read once every image on its way has landed in its field, rather than sent without
 * it (the canvas would make a picture from the prompt alone; a form would be refused for a
 * missing image).
 */
const inFlight = new Set<Promise<unknown>>();

/** Holds `upload` (settled once its field has heard the outcome) until it settles. */
export function trackImageUpload(upload: Promise<unknown>): void {
  const held: Promise<unknown> = upload.then(
    () => inFlight.delete(held),
    () => inFlight.delete(held),
  );
  inFlight.add(held);
}

/** Whether an image is on its way now. */
export const imageUploadsInFlight = (): boolean => inFlight.size > 0;

/** Resolves once no image is on its way (at once when none is), whatever became of them. */
export async function imageUploadsSettled(): Promise<void> {
  // An image chosen while waiting is waited for too.
  while (inFlight.size > 0) await Promise.all(inFlight);
}
