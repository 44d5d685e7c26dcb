/** The file formats the renderer writes, and the media type each is served as. */

export type ImageFormat = "JPG" | "PNG" | "WEBP";
export type VideoFormat = "MP4" | "WEBM" | "MOV";

export const VIDEO_MIME: Record<VideoFormat, string> = {
  MP4: "video/mp4",
  WEBM: "video/webm",
  MOV: "video/quicktime",
};

export const IMAGE_MIME: Record<ImageFormat, "image/jpeg" | "image/png" | "image/webp"> = {
  JPG: "image/jpeg",
  PNG: "image/png",
  WEBP: "image/webp",
};
