import path from "node:path";
import { describe, expect, it } from "vitest";
import { parseStudioEnv } from "@/lib/server/config/env";
import { LocalMediaStorage } from "./local-media-storage";
import { describeMediaStorage, openMediaStorage } from "./open-media-storage";
import { S3MediaStorage } from "./s3-media-storage";

const keys = { S3_ACCESS_KEY_ID: "AKIDEXAMPLE", S3_SECRET_ACCESS_KEY: "wJalrXUtnFEMI-secret" };

describe("media storage configuration", () => {
  it("keeps media on local disk under DATA_DIR by default", () => {
    const env = parseStudioEnv({ DATA_DIR: "/srv/studio" });
    expect(env.s3).toBeUndefined();
    const storage = openMediaStorage(env);
    expect(storage).toBeInstanceOf(LocalMediaStorage);
    expect((storage as LocalMediaStorage).root).toBe(path.resolve("/srv/studio/media"));
  });

  it("uses S3 when S3_BUCKET is set, path-style by default with an endpoint", () => {
    const env = parseStudioEnv({ S3_BUCKET: "studio-media", S3_ENDPOINT: "http://127.0.0.1:9000", ...keys });
    expect(env.s3).toMatchObject({ bucket: "studio-media", region: "us-east-1", forcePathStyle: true });
    const storage = openMediaStorage(env);
    expect(storage).toBeInstanceOf(S3MediaStorage);
    (storage as S3MediaStorage).close();
    expect(describeMediaStorage(env)).toBe("S3 bucket studio-media at http://127.0.0.1:9000");
  });

  it("uses virtual-hosted names on AWS itself unless told otherwise", () => {
    expect(parseStudioEnv({ S3_BUCKET: "studio-media", S3_REGION: "eu-west-1", ...keys }).s3).toMatchObject({
      region: "eu-west-1",
      forcePathStyle: false,
    });
    expect(
      parseStudioEnv({ S3_BUCKET: "studio-media", S3_FORCE_PATH_STYLE: "true", ...keys }).s3?.forcePathStyle,
    ).toBe(true);
    const endpoint = { S3_BUCKET: "studio-media", S3_ENDPOINT: "https://s3.example.com", ...keys };
    expect(parseStudioEnv({ ...endpoint, S3_FORCE_PATH_STYLE: "0" }).s3?.forcePathStyle).toBe(false);
  });

  it("refuses a bucket without keys, naming what is missing", () => {
    expect(() => parseStudioEnv({ S3_BUCKET: "studio-media" })).toThrow(
      /S3_ACCESS_KEY_ID.*\n.*S3_SECRET_ACCESS_KEY/,
    );
    expect(() => parseStudioEnv({ S3_BUCKET: "studio-media", S3_ACCESS_KEY_ID: "AKID" })).toThrow(
      /S3_SECRET_ACCESS_KEY/,
    );
  });

  it("refuses S3 settings without a bucket, and bad values", () => {
    expect(() => parseStudioEnv(keys)).toThrow(/S3_ACCESS_KEY_ID is set but S3_BUCKET is not/);
    expect(() => parseStudioEnv({ S3_BUCKET: "Studio_Media", ...keys })).toThrow(
      /S3_BUCKET: expected a bucket name/,
    );
    expect(() =>
      parseStudioEnv({ S3_BUCKET: "studio-media", S3_FORCE_PATH_STYLE: "maybe", ...keys }),
    ).toThrow(/S3_FORCE_PATH_STYLE/);
    expect(() => parseStudioEnv({ S3_BUCKET: "studio-media", S3_ENDPOINT: "ftp://x", ...keys })).toThrow(
      /S3_ENDPOINT/,
    );
  });

  it("never puts the secret in an error message", () => {
    try {
      parseStudioEnv({ S3_SECRET_ACCESS_KEY: "wJalrXUtnFEMI-secret", S3_FORCE_PATH_STYLE: "maybe" });
      expect.unreachable();
    } catch (err) {
      expect(String(err)).not.toContain("wJalrXUtnFEMI");
    }
  });
});
