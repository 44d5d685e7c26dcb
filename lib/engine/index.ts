/**
 * The embedded engine's one door: everything outside `lib/engine` (the studio's server, scripts,
 * benchmarks, tests) imports the engine from here and nowhere else; `npm run lint` refuses an
 * import past it. The studio talks to the engine as to any media service, over the contract
 * (lib/protocol): what it learns of a result (its cost, the words it did not draw) comes in the
 * result, never from the engine's tables.
 */

// Running it: the studio's process (server.ts) and `npm run engine` (./cli.ts).
export { type EngineConfig, parseEngineConfig } from "./config";
export { createEngine, type EmbeddedEngine, type EngineDeps } from "./create-engine";
export { KeyStore } from "./keys/key-store";
// For the renderer's benchmarks and contact sheet: the painters themselves, without a server.
export { renderImage } from "./render/image/index";
export type { ImageRenderParams } from "./render/image/params";
export { preprocess } from "./render/image/preprocess";
export type { ImageFormat } from "./render/renderer";
export { Encoder } from "./render/video/encoder";
export type { VideoRenderParams } from "./render/video/params";
export { renderVideo } from "./render/video/render";
export { Shot } from "./render/video/shot";
export { createPoolRenderer } from "./render/worker/pool-renderer";
// For tests and benchmarks outside the engine: an engine in-process on an ephemeral port, its
// tasks, and the seeded randomness its own tests replay failures with.
export { type Harness, imageTask, startHarness, videoTask } from "./test-harness";
export { seededRandom, sleep } from "./ws/test-support";
