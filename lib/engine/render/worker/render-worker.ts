/**
 * A render thread: runs the procedural renderer away from the server's event loop, so painting
 * pixels never delays a request, a socket or the relay. Progress and the frame content verdict go
 * back on the task's port; an `abort` on it cancels the render (ffmpeg included).
 *
 * Nothing this thread loads imports `server-only`: under tsx the hook that makes it an empty
 * module is registered on the main thread, and a render thread that met the real one would fail.
 */
import { Piscina } from "piscina";
import { renderImage } from "../image/index";
import { renderVideo } from "../video";
import type { FromWorker, RenderTask, ToWorker } from "./messages";

export default async function render(task: RenderTask) {
  const controller = new AbortController();
  const send = (message: FromWorker) => task.port.postMessage(message);
  task.port.on("message", (message: ToWorker) => {
    if (message.type === "abort") controller.abort();
  });
  try {
    const bytes =
      task.kind === "image"
        ? await renderImage({ ...task.params, signal: controller.signal })
        : await renderVideo(
            {
              ...task.params,
              signal: controller.signal,
              onContentCheck: (flagged) => send({ type: "content", flagged }),
            },
            (percent) => send({ type: "progress", percent }),
          );
    // Handed over, not copied: a video can be tens of megabytes.
    const out = new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    return Piscina.move(out.byteOffset === 0 && out.byteLength === out.buffer.byteLength ? out : out.slice());
  } finally {
    task.port.close();
  }
}
