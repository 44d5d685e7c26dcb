import type { Metadata } from "next";
import { ReferenceTabs } from "@/components/reference/reference-tabs";
import { StreamReference } from "@/components/reference/stream-reference";
import { buttonClasses } from "@/components/ui/button";
import { PageHeader } from "@/components/ui/page-header";
import { api } from "@/lib/studio/api/addresses";
import { urlOf } from "@/lib/studio/api/url";

export const metadata: Metadata = { title: "API reference" };

/**
 * Every endpoint of the studio's own API and every message of its live stream, from the same
 * declarations the studio answers and sends with.
 */
export default function ApiReferencePage() {
  return (
    <div className="flex flex-col gap-6">
      <PageHeader
        eyebrow="Settings"
        title="API reference"
        description="Every endpoint the studio's pages call and the live stream that tells them what changed, open to scripts with a personal access token. Answers come as { data }; refusals as { errors } naming the parameter at fault."
        actions={
          <div className="flex flex-wrap gap-2">
            <a href={urlOf(api.reference.openapi)} target="_blank" rel="noopener" className={buttonClasses()}>
              OpenAPI document
            </a>
            <a
              href={urlOf(api.reference.asyncapi)}
              target="_blank"
              rel="noopener"
              className={buttonClasses()}
            >
              AsyncAPI document
            </a>
          </div>
        }
      />
      <ReferenceTabs stream={<StreamReference />} />
    </div>
  );
}
