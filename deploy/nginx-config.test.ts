import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { NGINX_DIR, nginxBinary, renderSite, testNginxConfig, writeNginxConfig } from "./nginx-config";

const nginx = nginxBinary();
// CI installs nginx (.ci/run): there, a missing binary is a failure, not a skip.
const skip = nginx === undefined && !process.env.CI;
const dirs: string[] = [];

function prefix(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "studio-nginx-"));
  dirs.push(dir);
  return dir;
}

afterAll(() => {
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
});

describe("deploy/nginx", () => {
  it("renders the studio list, listen address and server name, keeping every other line", () => {
    const shipped = fs.readFileSync(path.join(NGINX_DIR, "media-studio.conf"), "utf8");
    const site = renderSite(
      {
        studios: ["127.0.0.1:4001", "127.0.0.1:4002", "127.0.0.1:4003"],
        listen: "127.0.0.1:8080",
        serverName: "_",
      },
      shipped,
    );
    expect(site).toContain("    server 127.0.0.1:4001 max_fails=2 fail_timeout=10s;\n");
    expect(site).toContain("    server 127.0.0.1:4003 max_fails=2 fail_timeout=10s;\n");
    expect(site).not.toContain("10.0.0.11");
    expect(site).toMatch(/^ {4}listen 127\.0\.0\.1:8080;$/m);
    expect(site).toMatch(/^ {4}server_name _;$/m);
    // What a deployment of several studios depends on is still there.
    for (const line of [
      "least_conn;",
      "proxy_set_header Upgrade $http_upgrade;",
      "proxy_set_header Connection $media_studio_connection;",
      "proxy_set_header Host $http_host;",
      "proxy_set_header X-Request-ID $media_studio_request_id;",
      "proxy_read_timeout 3600s;",
      "client_max_body_size 40m;",
    ]) {
      expect(site).toContain(line);
    }
    const directives = site
      .split("\n")
      .filter((l) => !l.trim().startsWith("#"))
      .join("\n");
    expect(directives).not.toMatch(/ip_hash|sticky|hash \$/);
    expect(() => renderSite({ studios: [] }, shipped)).toThrow(/at least one studio/);
  });

  it.skipIf(skip)("nginx -t accepts the shipped configuration as it is", () => {
    if (!nginx)
      throw new Error("nginx is not installed (apt-get install -y nginx-light); CI must install it");
    const dir = prefix();
    fs.mkdirSync(path.join(dir, "temp"), { recursive: true });
    fs.copyFileSync(path.join(NGINX_DIR, "nginx.conf"), path.join(dir, "nginx.conf"));
    // Unchanged but for the access log, which would go to /var/log/nginx.
    const shipped = fs.readFileSync(path.join(NGINX_DIR, "media-studio.conf"), "utf8");
    fs.writeFileSync(
      path.join(dir, "media-studio.conf"),
      shipped.replace("/var/log/nginx/media-studio.access.log", path.join(dir, "access.log")),
    );
    const result = testNginxConfig(nginx, dir);
    expect(result.output).toContain("test is successful");
    expect(result.ok).toBe(true);
  });

  it.skipIf(skip)("nginx -t accepts a configuration rendered for three studios", () => {
    if (!nginx)
      throw new Error("nginx is not installed (apt-get install -y nginx-light); CI must install it");
    const dir = prefix();
    writeNginxConfig(dir, {
      studios: ["127.0.0.1:4001", "127.0.0.1:4002", "127.0.0.1:4003"],
      listen: "127.0.0.1:18080",
      serverName: "_",
    });
    const result = testNginxConfig(nginx, dir);
    expect(result.output).toContain("test is successful");
    expect(result.ok).toBe(true);
  });
});
