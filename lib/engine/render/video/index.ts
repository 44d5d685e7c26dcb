/** The video renderer: see render.ts. */
export { extendPrompt } from "./prompt-extend";
export { renderVideo, type VideoRenderParams } from "./render";
