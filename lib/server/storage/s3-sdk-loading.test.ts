import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";
import { REPO_ROOT, serverScriptArgs } from "../script-test-kit";

const run = promisify(execFile);

/**
 * In a Node process of its own (this one's module graph is shared with other tests that use S3):
 * whether the AWS SDK is loaded after media is kept on local disk, after an S3 storage is made,
 * and after that storage is first used.
 */
const program = `
  import { createRequire } from "node:module";
  import { mkdtempSync } from "node:fs";
  import { tmpdir } from "node:os";
  import path from "node:path";
  const { openMediaStorage, S3MediaStorage } = await import(path.resolve("lib/server/storage/index.ts"));
  const sdkLoaded = () =>
    Object.keys(createRequire(import.meta.url).cache).some((file) => file.includes("@aws-sdk/client-s3"));
  const local = openMediaStorage({ dataDir: mkdtempSync(path.join(tmpdir(), "sdk-loading-")) });
  await local.put("a.txt", Buffer.from("hi"), { mime: "text/plain" });
  const afterLocal = sdkLoaded();
  const s3 = new S3MediaStorage({
    bucket: "studio-media", region: "us-east-1", endpoint: "http://127.0.0.1:1", forcePathStyle: true,
    accessKeyId: "AKIDEXAMPLE", secretAccessKey: "secret",
  });
  const afterMade = sdkLoaded();
  const used = await s3.stat("a.txt").then(() => "answered", (err) => err.message);
  s3.close();
  console.log(JSON.stringify({ afterLocal, afterMade, afterUse: sdkLoaded(), used }));
`;

describe("the AWS SDK", () => {
  it("is loaded on an S3 storage's first use, never by a studio that keeps media on local disk", async () => {
    const { stdout } = await run(process.execPath, serverScriptArgs(program), { cwd: REPO_ROOT });
    const seen = JSON.parse(stdout) as {
      afterLocal: boolean;
      afterMade: boolean;
      afterUse: boolean;
      used: string;
    };
    expect(seen).toMatchObject({ afterLocal: false, afterMade: false, afterUse: true });
    // The first use went to the store (none listens there) and failed as any S3 failure does.
    expect(seen.used).toMatch(/^S3 stat of a\.txt in bucket studio-media failed/);
  });
});
