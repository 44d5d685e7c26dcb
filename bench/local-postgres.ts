/**
 * A throwaway PostgreSQL cluster from Debian's server binaries (as .ci/test-postgres.sh makes one):
 * in a temporary folder, on 127.0.0.1 and a free port, trust authentication, fsync off. Stopped
 * and removed by the returned `stop` (register it with `onStop`).
 */
import { execFileSync, spawnSync } from "node:child_process";
import fs from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { freePort } from "../e2e/fixtures/processes";

export async function startLocalPostgres(database = "bench"): Promise<{ url: string; stop(): void }> {
  const root = "/usr/lib/postgresql";
  const bin = fs.existsSync(root)
    ? fs
        .readdirSync(root)
        .sort((a, b) => Number(b) - Number(a))
        .map((v) => path.join(root, v, "bin"))
        .find((b) => fs.existsSync(path.join(b, "initdb")))
    : undefined;
  if (!bin)
    throw new Error(
      "PostgreSQL server binaries not found under /usr/lib/postgresql (apt-get install postgresql)",
    );
  const dir = fs.mkdtempSync(path.join(tmpdir(), "studio-bench-pg-"));
  // The server refuses to run as root: as root, it runs as `postgres`.
  const as = process.getuid?.() === 0 ? ["runuser", "-u", "postgres", "--"] : [];
  if (as.length > 0) execFileSync("chown", ["postgres:", dir]);
  const run = (cmd: string, args: string[]) => {
    const [head, ...rest] = [...as, path.join(bin, cmd), ...args];
    const out = spawnSync(head ?? cmd, rest, { stdio: "pipe" });
    if (out.status !== 0) throw new Error(`${cmd} failed: ${out.stderr.toString()}`);
  };
  let started = false;
  const stop = () => {
    if (started) {
      const [head, ...rest] = [
        ...as,
        path.join(bin, "pg_ctl"),
        "-D",
        `${dir}/data`,
        "-m",
        "fast",
        "-w",
        "stop",
      ];
      spawnSync(head ?? "pg_ctl", rest, { stdio: "ignore" });
    }
    fs.rmSync(dir, { recursive: true, force: true });
  };
  try {
    run("initdb", ["-D", `${dir}/data`, "-U", "postgres", "-A", "trust", "-E", "UTF8", "--no-sync"]);
    const port = await freePort();
    started = true;
    run("pg_ctl", [
      "-D",
      `${dir}/data`,
      "-l",
      `${dir}/server.log`,
      "-w",
      "-t",
      "60",
      "-o",
      `-c listen_addresses=127.0.0.1 -p ${port} -k ${dir} -c fsync=off -c max_connections=200`,
      "start",
    ]);
    run("createdb", ["-h", "127.0.0.1", "-p", String(port), "-U", "postgres", database]);
    return { url: `postgres://postgres@127.0.0.1:${port}/${database}`, stop };
  } catch (err) {
    stop();
    throw err;
  }
}
