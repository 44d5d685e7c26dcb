import "server-only";

// Media bytes: pick a storage with `openMediaStorage(env)`, name objects with the `*MediaKey` helpers.
export * from "./inline-media-sink";
export * from "./local-media-storage";
export * from "./media-storage";
export * from "./open-media-storage";
export * from "./s3-media-storage";
