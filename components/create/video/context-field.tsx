"use client";

import { TextInputField } from "@/components/forms/fields";
import { Segmented } from "@/components/ui/segmented";
import { CONTEXT_KINDS, type ContextKind } from "@/lib/client/create/video-form-values";

const LABELS: Record<ContextKind, string> = { none: "None", document: "Document", url: "Web page" };

/**
 * Background the model reads besides the prompt: one document or one web page. The service takes
 * one or the other, never both, so choosing one clears the other.
 */
export function ContextField({ kind, onChange }: { kind: ContextKind; onChange(kind: ContextKind): void }) {
  return (
    <div className="flex flex-col gap-3" data-testid="video-context">
      <div className="flex flex-col gap-1.5">
        <span className="font-medium text-[13px] text-foreground">Context</span>
        <Segmented
          label="Context"
          value={kind}
          onChange={onChange}
          options={CONTEXT_KINDS.map((k) => ({ value: k, label: LABELS[k] }))}
          className="self-start"
        />
        <p className="text-[12px] text-muted-subtle leading-relaxed">
          The service reads one document or one web page as context, not both.
        </p>
      </div>
      {kind === "document" ? (
        <TextInputField
          name="inputs.documents.0"
          label="Document"
          placeholder="https://example.com/brief.pdf"
          hint="A public URL of the document, or its UUID in the service."
        />
      ) : null}
      {kind === "url" ? (
        <TextInputField
          name="inputs.urls.0"
          label="Web page"
          placeholder="https://example.com/article"
          hint="A public page: pages behind a sign-in cannot be read."
        />
      ) : null}
    </div>
  );
}
