import "server-only";
import path from "node:path";
import type { StudioEnv } from "@/lib/server/config/env";
import { LocalMediaStorage } from "./local-media-storage";
import type { MediaStorage } from "./media-storage";
import { S3MediaStorage } from "./s3-media-storage";

/** The media storage the environment names: the S3 bucket when `S3_BUCKET` is set, else `${DATA_DIR}/media`. */
export function openMediaStorage(env: Pick<StudioEnv, "dataDir" | "s3">): MediaStorage {
  if (env.s3 !== undefined) return new S3MediaStorage(env.s3);
  return new LocalMediaStorage(path.join(env.dataDir, "media"));
}

/** Where media goes, for a start-up log line: no credentials. */
export function describeMediaStorage(env: Pick<StudioEnv, "dataDir" | "s3">): string {
  if (env.s3 === undefined) return `local disk (${path.join(env.dataDir, "media")})`;
  return `S3 bucket ${env.s3.bucket}${env.s3.endpoint === undefined ? ` (AWS ${env.s3.region})` : ` at ${env.s3.endpoint}`}`;
}
