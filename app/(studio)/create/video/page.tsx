import type { Metadata } from "next";
import { Suspense } from "react";
import { VideoForm } from "@/components/create/workflows/video-form";
import { pageRuntime } from "@/lib/server/api/page-session";

export const metadata: Metadata = { title: "Video" };

/** The video model is the server's (`VIDEO_MODEL_ID`), read here and handed to the form it parses against. */
export default async function VideoPage() {
  const { videoModel } = await pageRuntime();
  return (
    <Suspense>
      <VideoForm videoModel={videoModel} />
    </Suspense>
  );
}
