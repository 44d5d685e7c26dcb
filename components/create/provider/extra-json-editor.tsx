"use client";

import { Braces } from "lucide-react";
import { useFormContext, useWatch } from "react-hook-form";
import { describedBy, FieldShell } from "@/components/forms/field-shell";
import { fieldId, useFieldError } from "@/components/forms/fields";
import { Button } from "@/components/ui/button";
import { cn } from "@/components/ui/cn";
import { inputClasses } from "@/components/ui/field";
import {
  formatJson,
  jsonVerdict,
  keyWords,
  overriddenKeys,
  STUDIO_SET_KEYS,
} from "@/lib/client/create/provider-json";

const NAME = "extraJson";

/**
 * The editor's one verdict, under it: what the contract says of the keys typed here, live, or the
 * error the last send put on the editor; else which fields it sends and replaces.
 */
function Verdict({ id, text, sentError }: { id: string; text: string | undefined; sentError?: string }) {
  const values = useWatch() as Record<string, unknown>;
  const verdict = jsonVerdict(text, values);
  const refused = verdict.state === "invalid" ? verdict.message : sentError;
  return (
    <p
      id={refused ? `${id}-error` : undefined}
      role="status"
      aria-live="polite"
      data-testid="extra-json-verdict"
      className="min-w-0"
    >
      {refused ? (
        <span className="text-danger-fg">{refused}</span>
      ) : verdict.state === "valid" ? (
        <ValidLine keys={verdict.keys} values={values} />
      ) : (
        <span className="text-muted-subtle">Empty: nothing is added.</span>
      )}
    </p>
  );
}

function ValidLine({ keys, values }: { keys: string[]; values: Record<string, unknown> }) {
  const replaced = overriddenKeys(keys, values);
  return (
    <span className="text-success-fg">
      {keys.length > 0 ? `Valid: sends ${keyWords(keys)}.` : "Valid, but holds no keys."}
      {replaced.length > 0 ? (
        <span className="text-warning-fg"> Replaces the form's {keyWords(replaced)}.</span>
      ) : null}
    </span>
  );
}

/**
 * A raw JSON object merged into the task over the form's fields: for what no field covers, such
 * as a provider under a key the studio does not know. The studio's own keys are refused.
 */
export function ExtraJsonEditor() {
  const { control, register, setValue, getValues } = useFormContext();
  const text = useWatch({ control, name: NAME }) as string | undefined;
  const sentError = useFieldError(NAME);
  const id = fieldId(NAME);
  const hint = `Merged into the task over the fields above, by the service's own key names; a key given here replaces that whole field. The studio sets ${STUDIO_SET_KEYS.join(", ")} itself: they are refused here.`;
  const pretty = text ? formatJson(text) : null;
  const refused = jsonVerdict(text, getValues()).state === "invalid" || Boolean(sentError);
  return (
    // The request's keys are this editor's subject, so its texts name them.
    <div data-wire-keys>
      <FieldShell id={id} label="Raw JSON" hint={hint}>
        <textarea
          id={id}
          rows={6}
          spellCheck={false}
          autoCapitalize="off"
          autoCorrect="off"
          placeholder={'{ "clipSkip": 1 }'}
          data-testid="extra-json"
          className={cn(inputClasses, "h-auto min-h-28 resize-y py-2 font-mono text-[12px] leading-relaxed")}
          {...describedBy(id, hint, refused)}
          {...register(NAME)}
        />
        <div className="flex items-center justify-between gap-3 text-[12px]">
          <Verdict id={id} text={text} sentError={sentError} />
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
    </div>
  );
}
