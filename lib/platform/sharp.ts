import sharp from "sharp";

/**
 * sharp, with libvips' operation cache off: every module of the studio and the engine takes sharp
 * from here (the linter holds them to it).
 *
 * libvips keeps the last 100 operations it ran (and up to 50 MB of pixels, 20 open files) in case
 * the same one is asked for again. The studio never asks twice: each result is read, thumbnailed
 * and encoded once, and every render paints new pixels. The pixels of a sequential pipeline are
 * freed as it ends, so what the cache held were the operations themselves and the memory around
 * them: 70 s after 1,000 results the studio's native memory was 36 and 37 MB with the cache off
 * against 39 MB on (bench:memory, BENCH_DETAIL=1), for the same CPU (40 thumbnails of 1024²
 * images: 28.9 and 29.6 ms each off, 29.0 and 29.8 on).
 *
 * The cache is one for the process, but sharp turns it on again each time a thread loads it (a
 * render thread starting, Next's own copy of the module): this module is evaluated in each of
 * those threads and module graphs right after sharp, and turns it off again there.
 */
sharp.cache(false);

export default sharp;
export type { Metadata, OverlayOptions, Sharp } from "sharp";
