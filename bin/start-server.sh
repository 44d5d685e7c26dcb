#!/bin/sh
# The production server as `npm start` runs it (and the benches that measure it), with the memory
# settings of glibc's allocator that have to be in place before the process starts. Node runs in
# place of this shell (exec), so the studio is still one process.
#
# MALLOC_ARENA_MAX=2: without it glibc gives each thread that allocates (render threads, libvips'
# threads, the embedded database's) an arena of its own, up to eight per core, and an arena's
# freed memory is kept for that arena.
#
# MALLOC_MMAP_THRESHOLD_ and MALLOC_TRIM_THRESHOLD_: glibc serves a block of 128 KB or more from a
# mapping of its own, returned to the system when freed, but raises that threshold each time such
# a block is freed, up to 32 MB; from then on image and request buffers come from the arenas, and
# once freed they stay there among the blocks still in use: 70 s after 1,000 results the arenas
# held 75 MB, 14 MB of it in use, and the studio 228 MB (PostgreSQL). Set, the threshold stays at
# 64 KB and an arena's free top is returned past 64 KB: 55 MB held, the studio 185 MB. A threshold
# of 16 KB held less (160 MB) but made encoding images three to five times slower; 64 KB measured
# as fast as glibc's own. 32 KB held about 50 MB less on the embedded database 70 s after 1,000
# results (224 MB against 277), but cost each kept result a third more CPU (bench:keep, the two
# run in turn on a quiet machine: 19.6 and 20.3 ms against 14.3 and 16.5 ms embedded, 12.0 and
# 15.2 ms against 8.8 and 9.4 ms on PostgreSQL), so the threshold stays at 64 KB.
#
# --max-semi-space-size=2: V8 lets the main thread's young generation grow to 16 MB a half (two
# halves, both resident) once a burst of allocation has gone through it, as starting Next.js does,
# and never gives it back: 34 MB of the idle studio's memory held for objects that mostly live
# less than a request. At 2 MB a half it holds 4 MB; the objects that outlive a collection move to
# the old generation as before. It costs page serving some CPU: bench:pages measured 47.5 and
# 50.5 ms a page against 44.2 and 45.7 ms at V8's 16 MB (two runs, the order swapped), 7 to 10%.
#
# jemalloc, where the machine has it (Debian: `apt-get install libjemalloc2`), in place of glibc's
# allocator: the allocator sharp's documentation recommends for long-running servers on glibc,
# whose arenas keep freed image buffers among blocks still in use (70 s after 1,000 results they
# held some 65 MB free that only malloc_trim would return). jemalloc's background thread returns
# freed pages to the system within a second or two (dirty_decay_ms, muzzy_decay_ms), and two
# arenas play the part of MALLOC_ARENA_MAX=2. 70 s after 1,000 results (bench:memory, runs taken
# in turn) the studio held 222 and 230 MB against glibc's 264 and 312 MB on the embedded database,
# 146 MB against 205 MB on PostgreSQL, and it kept a result for the same CPU (bench:keep, two runs
# of each: 19.9 and 17.2 ms against 22.5 and 14.0 ms embedded, 7.4 and 9.4 against 14.9 and 8.0 ms
# on PostgreSQL). `LD_PRELOAD=` (set, even empty) keeps the allocator whoever starts the studio
# chose; without the library the glibc settings above apply.
#
# Each is only a default: a value set by whoever starts the studio is kept.
NODE_ENV=production
: "${MALLOC_ARENA_MAX:=2}"
: "${MALLOC_MMAP_THRESHOLD_:=65536}"
: "${MALLOC_TRIM_THRESHOLD_:=65536}"
export NODE_ENV MALLOC_ARENA_MAX MALLOC_MMAP_THRESHOLD_ MALLOC_TRIM_THRESHOLD_
if [ -z "${LD_PRELOAD+set}" ]; then
  for lib in /usr/lib/x86_64-linux-gnu/libjemalloc.so.2 /usr/lib/aarch64-linux-gnu/libjemalloc.so.2 \
    /usr/lib64/libjemalloc.so.2 /usr/lib/libjemalloc.so.2 /usr/local/lib/libjemalloc.so.2; do
    if [ -r "$lib" ]; then
      LD_PRELOAD=$lib
      : "${MALLOC_CONF:=background_thread:true,dirty_decay_ms:1000,muzzy_decay_ms:0,narenas:2}"
      export LD_PRELOAD MALLOC_CONF
      break
    fi
  done
fi
if [ "$#" -eq 0 ]; then set -- .build/server.mjs; fi
case " ${NODE_OPTIONS:-} $* " in
  *" --max-semi-space-size"*) ;;
  *) set -- --max-semi-space-size=2 "$@" ;;
esac
# npm sets NODE to the Node it runs under; elsewhere the first `node` on the PATH.
exec "${NODE:-node}" "$@"
