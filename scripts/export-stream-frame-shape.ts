/**
 * Writes lib/studio/api/stream-frame-shape.ts, the shape the browser checks each frame of the live
 * stream against (see lib/studio/api/stream-frame.ts), from the stream's declarations:
 * `npm run api:stream-shape` after changing a message or anything it carries (a gallery item, a
 * task update). lib/studio/api/stream-frame.test.ts fails until it is run.
 */
import path from "node:path";
import { frameShapeOf } from "../lib/studio/api/stream-frame-shape-of";
import { streamFrameSchema } from "../lib/studio/api/stream-messages";
import { ROOT, writeGenerated } from "./write-generated";

const FILE = path.join(ROOT, "lib", "studio", "api", "stream-frame-shape.ts");

const text = `// Written by \`npm run api:stream-shape\` from the declarations in lib/studio/api/stream-messages.ts:
// run it again rather than edit this file. The shape of every frame the relay sends.
import type { Shape } from "./stream-shape";

export const STREAM_FRAME_SHAPE: Shape = ${JSON.stringify(frameShapeOf(streamFrameSchema), null, 2)};
`;
writeGenerated(FILE, text);
