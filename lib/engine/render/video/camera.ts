import type { CameraMove } from "./scene-words";

/**
 * The camera of a shot: where it looks and how far it is zoomed at each moment. Moves ease in and
 * out (smoothstep) so a shot starts and ends at rest, like a motion-control rig; their size grows
 * with the scene's speed ("slow", "fast") and, for pans, with the shot's length.
 */

export interface CameraState {
  /** World offset of the camera in pixels at depth 1 (layers move by `-x * depth`). */
  x: number;
  y: number;
  /** >= 1; applied to the whole composed frame. */
  scale: number;
  /** Dolly: extra downward slide of near layers (pixels at depth 1), as the camera moves over them. */
  push: number;
}

export const ease = (t: number) => {
  const c = Math.max(0, Math.min(1, t));
  return c * c * (3 - 2 * c);
};

export function cameraAt(
  move: CameraMove,
  t: number,
  seconds: number,
  speed: number,
  width: number,
  height: number,
  handheld: boolean,
): CameraState {
  const e = ease(t);
  // Pans travel at about a twentieth of the frame width per second at normal speed.
  const travel = width * 0.05 * speed * Math.min(seconds, 12);
  const zoom = 0.2 * Math.min(2, speed) * Math.min(1.5, Math.sqrt(seconds / 5));
  const tilt = height * 0.1 * Math.min(2, speed);
  const state: CameraState = { x: 0, y: 0, scale: 1, push: 0 };
  switch (move) {
    case "zoomIn":
      state.scale = 1 + zoom * e;
      break;
    case "zoomOut":
      state.scale = 1 + zoom * (1 - e);
      break;
    case "panLeft":
      state.x = -travel * e;
      break;
    case "panRight":
      state.x = travel * e;
      break;
    case "dollyIn":
      state.scale = 1 + zoom * 0.6 * e;
      state.push = height * 0.18 * Math.min(2, speed) * e;
      break;
    case "dollyOut":
      state.scale = 1 + zoom * 0.6 * (1 - e);
      state.push = height * 0.18 * Math.min(2, speed) * (1 - e);
      break;
    case "tiltUp":
      state.y = -tilt * e;
      break;
    case "tiltDown":
      state.y = tilt * (1 - e);
      break;
    case "static":
      break;
  }
  if (handheld) {
    const s = t * seconds;
    state.x += Math.sin(s * 2.1) * 3 + Math.sin(s * 5.3) * 1.5;
    state.y += Math.cos(s * 1.7) * 2.5 + Math.sin(s * 4.1) * 1.2;
    state.scale = Math.max(state.scale, 1.03);
  }
  return state;
}
