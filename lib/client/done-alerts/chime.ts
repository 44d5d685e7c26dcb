"use client";

let context: AudioContext | null = null;

/**
 * A short two-note chime made by the browser (two sine tones under a soft envelope): no sound file
 * to fetch or cache. A background tab may only sound once the page has had a gesture; when the
 * browser holds the audio back, the notification still shows.
 */
export function playChime(): void {
  const Context =
    globalThis.AudioContext ??
    (globalThis as { webkitAudioContext?: typeof AudioContext }).webkitAudioContext;
  if (!Context) return;
  try {
    context ??= new Context();
    const audio = context;
    void audio.resume().catch(() => {});
    const start = audio.currentTime + 0.02;
    // A fifth apart (E5 then B5): clear over other sound, not alarming.
    for (const [i, frequency] of [659.25, 987.77].entries()) {
      const at = start + i * 0.14;
      const tone = audio.createOscillator();
      const gain = audio.createGain();
      tone.type = "sine";
      tone.frequency.value = frequency;
      gain.gain.setValueAtTime(0.0001, at);
      gain.gain.exponentialRampToValueAtTime(0.18, at + 0.02);
      gain.gain.exponentialRampToValueAtTime(0.0001, at + 0.45);
      tone.connect(gain).connect(audio.destination);
      tone.start(at);
      tone.stop(at + 0.5);
    }
  } catch {
    // No audio device, or the browser refused: the notification is the alert.
  }
}
