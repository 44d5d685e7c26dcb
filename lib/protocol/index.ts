export * from "./envelope";
export * from "./errors";
export * from "./image-inference";
export * from "./issues";
export * from "./primitives";
export * from "./session-tasks";
export * from "./utility-tasks";
export * from "./video-inference";
