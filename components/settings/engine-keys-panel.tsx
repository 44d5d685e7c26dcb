"use client";

import { KeyRound } from "lucide-react";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { cn } from "@/components/ui/cn";
import { FormError, inputClasses } from "@/components/ui/field";
import { useEndpoint, useEndpointMutation } from "@/lib/client/endpoint-client";
import { api } from "@/lib/studio/api/addresses";
import { CopyField } from "./copy-field";
import { RevocableList } from "./revocable-list";
import { SettingsSection } from "./settings-section";

const dateFormat = new Intl.DateTimeFormat("en", { year: "numeric", month: "short", day: "numeric" });

/** API keys of the embedded engine, for scripts and the service's official clients. */
export function EngineKeysPanel({ endpoint }: { endpoint: string }) {
  const [description, setDescription] = useState("");
  const keys = useEndpoint(api.engineKeys.list, {});
  const create = useEndpointMutation(api.engineKeys.create, {
    input: (body: { description: string }) => ({ body }),
  });
  const revoke = useEndpointMutation(api.engineKeys.revoke, {
    input: (id: string) => ({ params: { id } }),
  });
  const active = (keys.data ?? []).filter((k) => !k.revokedAt);

  return (
    <SettingsSection
      icon={KeyRound}
      labelId="engine-keys-heading"
      title="Engine API keys"
      description={
        <>
          Keys for other clients of the embedded engine at{" "}
          <code className="font-mono text-foreground">{endpoint}</code>, such as scripts or the service&apos;s
          official SDKs. The studio itself needs none.
        </>
      }
    >
      <form
        className="flex flex-col gap-3 px-5 py-4 md:flex-row md:items-end"
        onSubmit={(e) => {
          e.preventDefault();
          create.mutate({ description }, { onSuccess: () => setDescription("") });
        }}
      >
        <div className="flex min-w-0 flex-1 flex-col gap-1.5">
          <label htmlFor="key-description" className="font-medium text-[13px] text-foreground">
            Description
          </label>
          <input
            id="key-description"
            value={description}
            onChange={(e) => setDescription(e.target.value)}
            className={cn(inputClasses, "h-9")}
            placeholder="What the key is for"
          />
        </div>
        <Button type="submit" variant="secondary" disabled={create.isPending}>
          Create key
        </Button>
      </form>
      <div className="flex flex-col gap-3 px-5 pb-4 empty:hidden">
        {create.error ? <FormError>{create.error.message}</FormError> : null}
        {create.data ? (
          <>
            <CopyField id="new-engine-key" label="New key" value={create.data.key} />
            <p className="text-muted-subtle text-xs">
              Copy it now: it is stored hashed and cannot be shown again.
            </p>
          </>
        ) : null}
      </div>
      <RevocableList
        label="Engine keys"
        items={active}
        loading={keys.isPending}
        empty="No keys yet."
        revoking={revoke.isPending}
        onRevoke={(id) => revoke.mutate(id)}
      >
        {(k) => (
          <div className="min-w-0">
            <p className="truncate font-medium text-[14px] text-foreground">{k.description}</p>
            <p className="text-[12.5px] text-muted-subtle">
              <code className="font-mono">{k.prefix}…</code> · created{" "}
              {dateFormat.format(new Date(k.createdAt))}
            </p>
          </div>
        )}
      </RevocableList>
    </SettingsSection>
  );
}
