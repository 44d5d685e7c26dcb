import type { Metadata } from "next";
import { ApiReference } from "@/components/reference/api-reference";
import { buttonClasses } from "@/components/ui/button";
import { PageHeader } from "@/components/ui/page-header";
import { api } from "@/lib/studio/api";
import { urlOf } from "@/lib/studio/api/url";

export const metadata: Metadata = { title: "API reference" };

/** Every endpoint of the studio's own API, from the same declarations the studio answers with. */
export default function ApiReferencePage() {
  return (
    <div className="flex flex-col gap-6">
      <PageHeader
        eyebrow="Settings"
        title="API reference"
        description="Every endpoint the studio's pages call, open to scripts with a personal access token. Answers come as { data }; refusals as { errors } naming the parameter at fault."
        actions={
          <a href={urlOf(api.reference.openapi)} target="_blank" rel="noopener" className={buttonClasses()}>
            OpenAPI document
          </a>
        }
      />
      <ApiReference />
    </div>
  );
}
