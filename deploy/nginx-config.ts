import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

/**
 * The nginx configuration in deploy/nginx, filled in for a given set of studios: what the
 * two-instance e2e runs and what the config test validates with `nginx -t`. The shipped files are
 * the operator's starting point; this only replaces the studio list, the listen address, the
 * server name and the access log, leaving every other line as shipped.
 */

export const NGINX_DIR = path.join(import.meta.dirname, "nginx");
const SITE = "media-studio.conf";
const MAIN = "nginx.conf";

export interface NginxSite {
  /** `host:port` of each studio. */
  studios: readonly string[];
  /** nginx's `listen` value, e.g. `127.0.0.1:8080`. */
  listen?: string;
  serverName?: string;
  /** Where the access log goes (default: access.log under the prefix). */
  accessLog?: string;
}

function replaceOnce(text: string, pattern: RegExp, replacement: string, what: string): string {
  if (!pattern.test(text)) throw new Error(`deploy/nginx/${SITE}: ${what} not found`);
  return text.replace(pattern, replacement);
}

/** media-studio.conf with `site`'s studios, listen address and server name. */
export function renderSite(
  site: NginxSite,
  shipped = fs.readFileSync(path.join(NGINX_DIR, SITE), "utf8"),
): string {
  if (site.studios.length === 0) throw new Error("at least one studio is needed");
  const servers = site.studios.map((s) => `    server ${s} max_fails=2 fail_timeout=10s;`).join("\n");
  let text = replaceOnce(
    shipped,
    /( *# studios:begin\n)[\s\S]*?( *# studios:end)/,
    `$1${servers}\n$2`,
    "the studio list (# studios:begin ... # studios:end)",
  );
  if (site.listen !== undefined)
    text = replaceOnce(text, /^( *)listen [^;]+;/m, `$1listen ${site.listen};`, "listen");
  if (site.serverName !== undefined) {
    text = replaceOnce(text, /^( *)server_name [^;]+;/m, `$1server_name ${site.serverName};`, "server_name");
  }
  if (site.accessLog !== undefined) {
    text = replaceOnce(
      text,
      /^( *)access_log \S+ media_studio;/m,
      `$1access_log ${site.accessLog} media_studio;`,
      "access_log",
    );
  }
  return text;
}

/**
 * Writes a runnable configuration into `prefix` (nginx.conf, media-studio.conf, temp/) and
 * answers the path of nginx.conf. Run it with `nginxArgs(prefix)`.
 */
export function writeNginxConfig(prefix: string, site: NginxSite): string {
  fs.mkdirSync(path.join(prefix, "temp"), { recursive: true });
  // Started as root, nginx's workers run as `nobody`: they must reach the temp folders.
  fs.chmodSync(prefix, 0o755);
  fs.writeFileSync(
    path.join(prefix, SITE),
    renderSite({ accessLog: path.join(prefix, "access.log"), ...site }),
  );
  fs.copyFileSync(path.join(NGINX_DIR, MAIN), path.join(prefix, MAIN));
  return path.join(prefix, MAIN);
}

/** The arguments that run nginx on a prefix written by `writeNginxConfig`, in the foreground. */
export function nginxArgs(prefix: string, ...extra: string[]): string[] {
  return [
    "-p",
    `${prefix}/`,
    "-e",
    path.join(prefix, "error.log"),
    "-c",
    path.join(prefix, MAIN),
    "-g",
    "daemon off;",
    ...extra,
  ];
}

/** Debian's nginx, or the one on PATH; undefined when none is installed. */
export function nginxBinary(): string | undefined {
  for (const candidate of ["/usr/sbin/nginx", "/usr/local/sbin/nginx", "/usr/local/nginx/sbin/nginx"]) {
    if (fs.existsSync(candidate)) return candidate;
  }
  const found = spawnSync("sh", ["-c", "command -v nginx"], { encoding: "utf8" });
  const onPath = found.stdout.trim();
  return found.status === 0 && onPath ? onPath : undefined;
}

/** `nginx -t` on a prefix: whether the configuration is valid, and what nginx said. */
export function testNginxConfig(binary: string, prefix: string): { ok: boolean; output: string } {
  const run = spawnSync(binary, nginxArgs(prefix, "-t"), { encoding: "utf8" });
  return { ok: run.status === 0, output: `${run.stdout}${run.stderr}` };
}
