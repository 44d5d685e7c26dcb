import "server-only";
import { Readable } from "node:stream";
import type { GetObjectCommandOutput, S3Client } from "@aws-sdk/client-s3";
import type { S3Settings } from "@/lib/server/config/env";
import {
  assertMediaKey,
  assertMediaRange,
  assertMime,
  DEFAULT_MIME,
  type MediaObject,
  type MediaRange,
  MediaRangeError,
  type MediaStat,
  type MediaStorage,
  type PutOptions,
} from "./media-storage";

/** 8 MiB: above S3's 5 MiB minimum part, and the most a streamed put holds in memory at once. */
export const DEFAULT_PART_SIZE = 8 * 1024 * 1024;

export interface S3MediaStorageOptions {
  /** Size of the parts of a multipart upload (a streamed put longer than one part). */
  partSize?: number;
}

type Sdk = typeof import("@aws-sdk/client-s3");

/**
 * The AWS SDK and a client made with `settings`, loaded on the storage's first use rather than
 * when the studio starts: the SDK is some 5 MB of the server's memory, held for good once loaded,
 * and a studio that keeps its media in its data folder never needs it.
 */
async function openClient(settings: S3Settings): Promise<{ sdk: Sdk; client: S3Client }> {
  const sdk = await import("@aws-sdk/client-s3");
  const client = new sdk.S3Client({
    region: settings.region,
    endpoint: settings.endpoint,
    forcePathStyle: settings.forcePathStyle,
    credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey },
    // Newer SDKs add CRC checksums (and aws-chunked bodies) to every upload; many S3-compatible
    // stores reject or mis-store those. Only operations that require one get one.
    requestChecksumCalculation: "WHEN_REQUIRED",
    responseChecksumValidation: "WHEN_REQUIRED",
    maxAttempts: 3,
  });
  return { sdk, client };
}

/**
 * Media as objects in one S3 bucket (AWS or any S3-compatible store), keys as given. A buffer is
 * one PutObject; a stream of unknown length is read a part at a time and becomes one PutObject if
 * it fits in a part, a multipart upload otherwise, so memory stays bounded. Like S3 itself, a
 * reader sees the old object or the new one, never part of either.
 *
 * Error messages name the operation, bucket and key, never the credentials.
 */
export class S3MediaStorage implements MediaStorage {
  readonly kind = "s3" as const;
  readonly bucket: string;
  readonly #settings: S3Settings;
  readonly #partSize: number;
  #opened: Promise<{ sdk: Sdk; client: S3Client }> | null = null;

  constructor(settings: S3Settings, options: S3MediaStorageOptions = {}) {
    this.bucket = settings.bucket;
    this.#settings = settings;
    this.#partSize = options.partSize ?? DEFAULT_PART_SIZE;
  }

  #s3(): Promise<{ sdk: Sdk; client: S3Client }> {
    this.#opened ??= openClient(this.#settings).catch((err: unknown) => {
      // The next call tries again rather than failing for good.
      this.#opened = null;
      throw err;
    });
    return this.#opened;
  }

  async put(key: string, bytes: Buffer | Readable, options: PutOptions): Promise<{ bytes: number }> {
    assertMediaKey(key);
    const mime = assertMime(options?.mime);
    const { sdk, client } = await this.#call("put", key, () => this.#s3());
    if (Buffer.isBuffer(bytes)) {
      await this.#call("put", key, () =>
        client.send(new sdk.PutObjectCommand(this.#putParams(key, mime, bytes))),
      );
      return { bytes: bytes.length };
    }
    const parts = readParts(bytes, this.#partSize);
    const first = await parts.next();
    const second = first.done ? first : await parts.next();
    if (second.done) {
      const body = first.done ? Buffer.alloc(0) : first.value;
      await this.#call("put", key, () =>
        client.send(new sdk.PutObjectCommand(this.#putParams(key, mime, body))),
      );
      return { bytes: body.length };
    }
    return this.#multipart({ sdk, client }, key, mime, [first.value as Buffer, second.value], parts);
  }

  async get(key: string, range?: MediaRange): Promise<MediaObject | null> {
    assertMediaKey(key);
    if (range !== undefined) assertMediaRange(range);
    const { sdk, client } = await this.#call("get", key, () => this.#s3());
    let response: GetObjectCommandOutput;
    try {
      response = await client.send(
        new sdk.GetObjectCommand({
          Bucket: this.bucket,
          Key: key,
          ...(range === undefined ? {} : { Range: `bytes=${range.start}-${range.end}` }),
        }),
      );
    } catch (err) {
      if (isNotFound(err)) return null;
      if (range !== undefined && errorName(err) === "InvalidRange") {
        throw new MediaRangeError(range, (await this.stat(key))?.size);
      }
      throw this.#wrap("get", key, err);
    }
    const body = response.Body;
    if (!(body instanceof Readable))
      throw this.#wrap("get", key, new Error("the response has no readable body"));
    const mime = typeof response.ContentType === "string" ? response.ContentType : DEFAULT_MIME;
    const length = Number(response.ContentLength ?? 0);
    if (range === undefined) return { stream: body, size: length, mime };
    // `bytes 0-9/100`: the served range and the whole object's size.
    const match = /^bytes (\d+)-(\d+)\/(\d+)$/.exec(String(response.ContentRange ?? ""));
    if (match === null) {
      // A store that ignored the Range header sent the whole object.
      body.destroy();
      throw this.#wrap("get", key, new Error("the store answered a range request without Content-Range"));
    }
    return {
      stream: body,
      size: Number(match[3]),
      mime,
      range: { start: Number(match[1]), end: Number(match[2]) },
    };
  }

  async stat(key: string): Promise<MediaStat | null> {
    assertMediaKey(key);
    const { sdk, client } = await this.#call("stat", key, () => this.#s3());
    try {
      const head = await client.send(new sdk.HeadObjectCommand({ Bucket: this.bucket, Key: key }));
      return { size: Number(head.ContentLength ?? 0), mime: head.ContentType ?? DEFAULT_MIME };
    } catch (err) {
      if (isNotFound(err)) return null;
      throw this.#wrap("stat", key, err);
    }
  }

  async delete(key: string): Promise<void> {
    assertMediaKey(key);
    const { sdk, client } = await this.#call("delete", key, () => this.#s3());
    await this.#call("delete", key, () =>
      client.send(new sdk.DeleteObjectCommand({ Bucket: this.bucket, Key: key })),
    );
  }

  /** Ends the client's connections (tests; the studio keeps one storage for its life). */
  close(): void {
    void this.#opened?.then(({ client }) => client.destroy()).catch(() => {});
  }

  #putParams(key: string, mime: string, body: Buffer) {
    return { Bucket: this.bucket, Key: key, Body: body, ContentType: mime, ContentLength: body.length };
  }

  async #multipart(
    { sdk, client }: { sdk: Sdk; client: S3Client },
    key: string,
    mime: string,
    firstParts: Buffer[],
    rest: AsyncGenerator<Buffer>,
  ): Promise<{ bytes: number }> {
    const created = await this.#call("put", key, () =>
      client.send(new sdk.CreateMultipartUploadCommand({ Bucket: this.bucket, Key: key, ContentType: mime })),
    );
    const uploadId = created.UploadId;
    if (uploadId === undefined) throw this.#wrap("put", key, new Error("the store returned no upload id"));
    const done: { ETag: string | undefined; PartNumber: number }[] = [];
    let total = 0;
    try {
      const upload = async (body: Buffer) => {
        const PartNumber = done.length + 1;
        const part = await this.#call("put", key, () =>
          client.send(
            new sdk.UploadPartCommand({
              Bucket: this.bucket,
              Key: key,
              UploadId: uploadId,
              PartNumber,
              Body: body,
            }),
          ),
        );
        done.push({ ETag: part.ETag, PartNumber });
        total += body.length;
      };
      for (const body of firstParts) await upload(body);
      for await (const body of rest) await upload(body);
      await this.#call("put", key, () =>
        client.send(
          new sdk.CompleteMultipartUploadCommand({
            Bucket: this.bucket,
            Key: key,
            UploadId: uploadId,
            MultipartUpload: { Parts: done },
          }),
        ),
      );
    } catch (err) {
      // Uploaded parts cost storage until aborted; the object itself was never replaced.
      await client
        .send(new sdk.AbortMultipartUploadCommand({ Bucket: this.bucket, Key: key, UploadId: uploadId }))
        .catch(() => {});
      throw err;
    }
    return { bytes: total };
  }

  async #call<T>(op: string, key: string, run: () => Promise<T>): Promise<T> {
    try {
      return await run();
    } catch (err) {
      throw this.#wrap(op, key, err);
    }
  }

  #wrap(op: string, key: string, err: unknown): Error {
    const name = errorName(err);
    const message = err instanceof Error ? err.message : String(err);
    return new Error(
      `S3 ${op} of ${key} in bucket ${this.bucket} failed: ${name ? `${name}: ` : ""}${message}`,
      {
        cause: err,
      },
    );
  }
}

/** The stream cut into buffers of exactly `size` bytes (the last one shorter). */
async function* readParts(stream: Readable, size: number): AsyncGenerator<Buffer> {
  let pending: Buffer[] = [];
  let pendingBytes = 0;
  for await (const chunk of stream) {
    let buffer = typeof chunk === "string" ? Buffer.from(chunk) : (chunk as Buffer);
    while (pendingBytes + buffer.length >= size) {
      const take = size - pendingBytes;
      pending.push(buffer.subarray(0, take));
      yield Buffer.concat(pending);
      buffer = buffer.subarray(take);
      pending = [];
      pendingBytes = 0;
    }
    if (buffer.length > 0) {
      pending.push(buffer);
      pendingBytes += buffer.length;
    }
  }
  if (pendingBytes > 0) yield Buffer.concat(pending);
}

function errorName(err: unknown): string | undefined {
  return err instanceof Error ? err.name : undefined;
}

function isNotFound(err: unknown): boolean {
  const name = errorName(err);
  // HEAD answers carry no error body, so a missing object is just "NotFound" (404).
  return name === "NoSuchKey" || name === "NotFound";
}
