"use client";

import { Braces } from "lucide-react";
import { useFormContext, useWatch } from "react-hook-form";
import { describedBy, FieldShell } from "@/components/forms/field-shell";
import { fieldId, useFieldError } from "@/components/forms/fields";
import { Button } from "@/components/ui/button";
import { cn } from "@/components/ui/cn";
import { inputClasses } from "@/components/ui/field";
import { formatJson, jsonStatus, overriddenKeys, STUDIO_SET_KEYS } from "@/lib/client/create/provider-json";

const NAME = "extraJson";

function StatusLine({ text }: { text: string | undefined }) {
  const { getValues } = useFormContext();
  const status = jsonStatus(text);
  if (status.state === "empty") return <span className="text-muted-subtle">Empty: nothing is added.</span>;
  if (status.state === "invalid") return <span className="text-danger-fg">{status.message}</span>;
  const replaced = overriddenKeys(status.keys, getValues());
  return (
    <span className="text-success-fg">
      Valid JSON{status.keys.length > 0 ? `: ${status.keys.join(", ")}` : ", no keys"}.
      {replaced.length > 0 ? (
        <span className="text-warning-fg"> Replaces the form's {replaced.join(", ")}.</span>
      ) : null}
    </span>
  );
}

/**
 * A raw JSON object merged into the task over the form's fields: for what no field covers, such
 * as a provider under a key the studio does not know. The studio's own keys are refused.
 */
export function ExtraJsonEditor() {
  const { control, register, setValue } = useFormContext();
  const text = useWatch({ control, name: NAME }) as string | undefined;
  const error = useFieldError(NAME);
  const id = fieldId(NAME);
  const hint = `Merged into the task over the fields above; a key given here replaces that whole field. The studio sets ${STUDIO_SET_KEYS.join(", ")} itself: they are refused here.`;
  const pretty = text ? formatJson(text) : null;
  return (
    <FieldShell id={id} label="Raw JSON" hint={hint} error={error}>
      <textarea
        id={id}
        rows={6}
        spellCheck={false}
        autoCapitalize="off"
        autoCorrect="off"
        placeholder={'{ "clipSkip": 1 }'}
        data-testid="extra-json"
        className={cn(inputClasses, "h-auto min-h-28 resize-y py-2 font-mono text-[12px] leading-relaxed")}
        {...describedBy(id, hint, error)}
        {...register(NAME)}
      />
      <div className="flex items-center justify-between gap-3 text-[12px]">
        <p role="status" aria-live="polite" className="min-w-0">
          <StatusLine text={text} />
        </p>
        <Button
          size="sm"
          variant="ghost"
          disabled={pretty === null || pretty === text}
          onClick={() => pretty !== null && setValue(NAME, pretty, { shouldDirty: true })}
        >
          <Braces aria-hidden />
          Format
        </Button>
      </div>
    </FieldShell>
  );
}
