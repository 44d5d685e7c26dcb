"use client";

import { X } from "lucide-react";
import { Tabs } from "radix-ui";
import { useState } from "react";
import { useFormContext, useFormState, useWatch } from "react-hook-form";
import { useClearFields } from "@/components/create/advanced/use-clear-fields";
import { CodeChip } from "@/components/ui/badge";
import { cn, focusRing } from "@/components/ui/cn";
import { Section } from "@/components/ui/section";
import { hasErrorUnder } from "@/lib/client/create/advanced-summary";
import {
  isKnownProvider,
  PROVIDER_FORMS,
  providerLabel,
  providersWithValues,
} from "@/lib/client/create/provider-fields";
import { jsonStatus } from "@/lib/client/create/provider-json";
import { ExtraJsonEditor } from "./extra-json-editor";
import { ProviderForm } from "./provider-form";

/** Provider objects the form has no editor for (recalled from a past task): shown, removable. */
function OtherProviders({ keys }: { keys: string[] }) {
  const clear = useClearFields();
  if (keys.length === 0) return null;
  return (
    <div className="flex flex-wrap items-center gap-2 text-[12px] text-muted">
      Also sent as they are:
      {keys.map((key) => (
        <span key={key} className="inline-flex items-center gap-1">
          <CodeChip>{key}</CodeChip>
          <button
            type="button"
            aria-label={`Remove the ${key} settings`}
            onClick={() => clear(`providerSettings.${key}`)}
            className={cn("rounded p-0.5 text-muted hover:text-foreground", focusRing)}
          >
            <X aria-hidden className="size-3.5" />
          </button>
        </span>
      ))}
    </div>
  );
}

function summaryOf(set: readonly string[], jsonKeys: number): string {
  const parts = [
    set.length > 0 ? set.map(providerLabel).join(", ") : null,
    jsonKeys > 0 ? `JSON: ${jsonKeys} key${jsonKeys === 1 ? "" : "s"}` : null,
  ].filter(Boolean);
  return parts.length > 0 ? parts.join(" · ") : "None";
}

/**
 * Settings for third-party providers (`providerSettings`), one form per provider; several can be
 * filled in at once and are sent together. Below them, a raw JSON object for anything no field
 * covers.
 */
export function ProviderSection() {
  const { control } = useFormContext();
  const { errors } = useFormState({ control });
  const [settings, extraJson] = useWatch({ control, name: ["providerSettings", "extraJson"] });
  const set = providersWithValues(settings);
  const [active, setActive] = useState<string>(
    () => set.find(isKnownProvider) ?? PROVIDER_FORMS[0]?.key ?? "",
  );
  const json = jsonStatus(extraJson as string | undefined);
  const invalid = hasErrorUnder(errors, ["providerSettings", "extraJson"]);
  // A provider whose fields hold an error gets a mark on its tab, so it can be found.
  const erring = new Set(
    PROVIDER_FORMS.filter((p) => hasErrorUnder(errors, [`providerSettings.${p.key}`])).map((p) => p.key),
  );

  return (
    <Section
      title="Provider settings"
      summary={summaryOf(set, json.state === "valid" ? json.keys.length : 0)}
      invalid={invalid}
    >
      <p className="text-[12px] text-muted">
        Options a third-party model's provider understands; they apply when the model comes from that
        provider.
      </p>
      <Tabs.Root value={active} onValueChange={setActive}>
        <Tabs.List aria-label="Provider" className="flex flex-wrap gap-1.5">
          {PROVIDER_FORMS.map((p) => {
            const hasValues = set.includes(p.key);
            return (
              <Tabs.Trigger
                key={p.key}
                value={p.key}
                data-testid={`provider-tab-${p.key}`}
                className={cn(
                  "inline-flex h-7 items-center gap-1.5 rounded-full border border-border-strong bg-surface-sunken px-3 text-[12px] text-muted",
                  "transition-colors hover:text-foreground data-[state=active]:border-accent data-[state=active]:bg-accent/10 data-[state=active]:text-foreground",
                  focusRing,
                )}
              >
                {p.label}
                {erring.has(p.key) ? (
                  <>
                    <span aria-hidden className="size-1.5 rounded-full bg-danger" />
                    <span className="sr-only">(has an error)</span>
                  </>
                ) : hasValues ? (
                  <>
                    <span aria-hidden className="size-1.5 rounded-full bg-accent" />
                    <span className="sr-only">(has settings)</span>
                  </>
                ) : null}
              </Tabs.Trigger>
            );
          })}
        </Tabs.List>
        {PROVIDER_FORMS.map((p) => (
          <Tabs.Content key={p.key} value={p.key} className="outline-none">
            <ProviderForm provider={p} />
          </Tabs.Content>
        ))}
      </Tabs.Root>
      <OtherProviders keys={set.filter((k) => !isKnownProvider(k))} />
      <div className="border-border border-t pt-4">
        <ExtraJsonEditor />
      </div>
    </Section>
  );
}
