/**
 * What a recorded task's params hold where media was sent inline (a data URI or bare base64): the
 * bytes go to media storage and this reference takes their place (see `externalizeInlineMedia`).
 * Shared with the browser, which turns it back into the media when a task is recalled.
 */
export interface InlineMediaRef {
  $inline: {
    mime: string;
    bytes: number;
    sha256: string;
    /** The media storage key holding the bytes; absent when no sink kept them. */
    storageKey?: string;
  };
}

export function isInlineMediaRef(value: unknown): value is InlineMediaRef {
  return typeof value === "object" && value !== null && "$inline" in value;
}
