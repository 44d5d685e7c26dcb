/**
 * Writes lib/studio/api/stream-frame-shape.ts, the shape the browser checks each frame of the live
 * stream against (see lib/studio/api/stream-frame.ts), from the stream's declarations:
 * `npm run api:stream-shape` after changing a message or anything it carries (a gallery item, a
 * task update). lib/studio/api/stream-frame.test.ts fails until it is run.
 */
import { execFileSync } from "node:child_process";
import { writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { frameShapeOf } from "../lib/studio/api/stream-frame-shape-of";
import { streamFrameSchema } from "../lib/studio/api/stream-messages";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const FILE = path.join(ROOT, "lib", "studio", "api", "stream-frame-shape.ts");

const text = `// Written by \`npm run api:stream-shape\` from the declarations in lib/studio/api/stream-messages.ts:
// run it again rather than edit this file. The shape of every frame the relay sends.
import type { Shape } from "./stream-shape";

export const STREAM_FRAME_SHAPE: Shape = ${JSON.stringify(frameShapeOf(streamFrameSchema), null, 2)};
`;
writeFileSync(FILE, text);
execFileSync(path.join(ROOT, "node_modules", ".bin", "biome"), ["format", "--write", FILE], {
  stdio: "inherit",
});
console.info(`Wrote ${path.relative(ROOT, FILE)}`);
