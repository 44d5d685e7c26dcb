/**
 * Plays a video from one moment and pauses it on another, checked on every frame (a `timeupdate`
 * comes only about four times a second, too late to stop on the out point). Returns a function
 * that stops watching; any other seek or pause should call it.
 */
export function playBetween(
  video: HTMLVideoElement,
  from: number,
  to: number,
  onStop: (seconds: number) => void,
): () => void {
  let watching = true;
  video.currentTime = Math.max(0, from);
  const watch = () => {
    if (!watching) return;
    if (video.currentTime >= to || video.ended) {
      watching = false;
      video.pause();
      // The frame that showed past the out point is replaced by the out point itself.
      video.currentTime = Math.min(to, video.duration || to);
      onStop(video.currentTime);
      return;
    }
    requestAnimationFrame(watch);
  };
  void video
    .play()
    .then(() => requestAnimationFrame(watch))
    .catch(() => {
      watching = false;
    });
  return () => {
    watching = false;
  };
}
