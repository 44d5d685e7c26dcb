// Loaded with `--import` into a process a bench starts (NODE_OPTIONS refuses `--cpu-prof`):
// profiles its main thread from start to exit and writes `<BENCH_PROFILE_DIR>/<pid>.cpuprofile`,
// which Chrome DevTools (Performance > Load profile) or speedscope opens.
import fs from "node:fs";
import inspector from "node:inspector";
import path from "node:path";

const dir = process.env.BENCH_PROFILE_DIR;
if (dir) {
  const session = new inspector.Session();
  session.connect();
  session.post("Profiler.enable");
  session.post("Profiler.start");
  let written = false;
  // The main thread's session answers synchronously, so this works in an `exit` listener.
  process.on("exit", () => {
    if (written) return;
    written = true;
    session.post("Profiler.stop", (err, result) => {
      if (err) return;
      fs.mkdirSync(dir, { recursive: true });
      fs.writeFileSync(path.join(dir, `${process.pid}.cpuprofile`), JSON.stringify(result.profile));
    });
  });
}
