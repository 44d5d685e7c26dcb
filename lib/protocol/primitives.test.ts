import { describe, expect, it } from "vitest";
import { AIR_RE, classifyImageInput, imageInput, isUuidV4, mediaRef, parseAir } from "./primitives";
import {
  GIF_HEAD_BASE64,
  JPEG_HEAD_BASE64,
  PNG_1PX_BASE64,
  PNG_1PX_DATA_URI,
  WEBP_HEAD_BASE64,
} from "./test-fixtures";

describe("image inputs", () => {
  it.each([
    ["a UUID v4", "9b2f1c3e-5a4d-4e6f-8a7b-1c2d3e4f5a6b", "uuid"],
    ["an https URL", "https://example.com/cat.png", "url"],
    ["an http URL with a query", "http://example.com/i?id=3", "url"],
    ["a PNG data URI", PNG_1PX_DATA_URI, "dataURI"],
    ["a JPEG data URI", `data:image/jpeg;base64,${JPEG_HEAD_BASE64}`, "dataURI"],
    ["a jpg data URI", `data:image/jpg;base64,${JPEG_HEAD_BASE64}`, "dataURI"],
    ["a WEBP data URI", `data:image/webp;base64,${WEBP_HEAD_BASE64}`, "dataURI"],
    ["bare base64 of a PNG", PNG_1PX_BASE64, "base64"],
    ["bare base64 of a JPEG", JPEG_HEAD_BASE64, "base64"],
  ])("accepts %s", (_name, value, kind) => {
    expect(classifyImageInput(value)?.kind).toBe(kind);
    expect(imageInput.safeParse(value).success).toBe(true);
  });

  it.each([
    ["a UUID v1", "9b2f1c3e-5a4d-1e6f-8a7b-1c2d3e4f5a6b"],
    ["an ftp URL", "ftp://example.com/cat.png"],
    ["a file URL", "file:///etc/passwd"],
    ["a GIF data URI", `data:image/gif;base64,${GIF_HEAD_BASE64}`],
    ["a PNG data URI whose bytes are a GIF", `data:image/png;base64,${GIF_HEAD_BASE64}`],
    ["bare base64 of a GIF", GIF_HEAD_BASE64],
    ["plain text", "a cat on a mat"],
    ["base64 with bad padding", `${PNG_1PX_BASE64}=`],
    ["an empty string", ""],
    ["an http URL without a host", "http://"],
  ])("refuses %s", (_name, value) => {
    expect(classifyImageInput(value)).toBeNull();
    expect(imageInput.safeParse(value).success).toBe(false);
  });
});

describe("media references (video, audio, documents)", () => {
  it("accepts a UUID v4 or an http(s) URL only", () => {
    expect(mediaRef.safeParse("https://example.com/a.mp4").success).toBe(true);
    expect(mediaRef.safeParse("9b2f1c3e-5a4d-4e6f-8a7b-1c2d3e4f5a6b").success).toBe(true);
    expect(mediaRef.safeParse(PNG_1PX_DATA_URI).success).toBe(false);
    expect(mediaRef.safeParse(PNG_1PX_BASE64).success).toBe(false);
  });
});

describe("identifiers", () => {
  it("recognises UUID v4 only", () => {
    expect(isUuidV4("9B2F1C3E-5A4D-4E6F-8A7B-1C2D3E4F5A6B")).toBe(true);
    expect(isUuidV4("9b2f1c3e-5a4d-4e6f-7a7b-1c2d3e4f5a6b")).toBe(false);
  });

  it.each(["runware:100@1", "civitai:133005@782002", "local:video@3.0-prime", "runware:102@1"])(
    "accepts the AIR id %s",
    (air) => {
      expect(AIR_RE.test(air)).toBe(true);
    },
  );

  it.each(["runware:100", "runware@1", ":100@1", "runware:100@", "Runware:100@1", "run ware:1@1"])(
    "refuses the malformed AIR id %s",
    (air) => {
      expect(AIR_RE.test(air)).toBe(false);
    },
  );

  it("splits an AIR id", () => {
    expect(parseAir("local:video@3.0-prime")).toEqual({
      namespace: "local",
      id: "video",
      version: "3.0-prime",
    });
    expect(parseAir("nope")).toBeNull();
  });
});
