"use client";

import { BellRing } from "lucide-react";
import { useEffect, useMemo, useState } from "react";
import { Button } from "@/components/ui/button";
import { FormError } from "@/components/ui/field";
import { Select } from "@/components/ui/select";
import { useEndpoint, useEndpointMutation } from "@/lib/client/endpoint-client";
import { api } from "@/lib/studio/api/addresses";
import { type DigestSetting, hourText } from "@/lib/studio/approvals/digest-time";

const HOURS = Array.from({ length: 24 }, (_, h) => h);

/** Every zone the browser knows, the team's own first even when the browser lacks it. */
function zoneNames(current: string): string[] {
  const known = typeof Intl.supportedValuesOf === "function" ? Intl.supportedValuesOf("timeZone") : [];
  return [...new Set([current, "UTC", ...known])];
}

/**
 * When the team's daily reminder digest goes out, in words; the owner moves it to another hour
 * or time zone here.
 */
export function DigestSettingBar({ canManage }: { canManage: boolean }) {
  const current = useEndpoint(api.approvals.digest, {});
  const save = useEndpointMutation(api.approvals.setDigest, { input: (body: DigestSetting) => ({ body }) });
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState<DigestSetting | null>(null);
  const digest = current.data?.digest;
  useEffect(() => {
    if (digest && !editing) setDraft(digest);
  }, [digest, editing]);
  const zones = useMemo(() => zoneNames(draft?.timeZone ?? "UTC"), [draft?.timeZone]);
  if (!digest || !draft) return null;
  return (
    <section
      aria-label="Daily digest"
      className="flex flex-wrap items-center gap-x-4 gap-y-2 rounded-card border border-border bg-panel px-4 py-3 text-[14px]"
    >
      <BellRing aria-hidden className="size-4 text-muted" />
      {editing ? (
        <form
          className="flex flex-wrap items-center gap-2"
          onSubmit={(e) => {
            e.preventDefault();
            save.mutate(draft, { onSuccess: () => setEditing(false) });
          }}
        >
          <span className="text-foreground">Send the daily digest at</span>
          <Select
            aria-label="Hour"
            value={draft.hour}
            onChange={(e) => setDraft({ ...draft, hour: Number(e.target.value) })}
          >
            {HOURS.map((h) => (
              <option key={h} value={h}>
                {hourText(h)}
              </option>
            ))}
          </Select>
          <Select
            aria-label="Time zone"
            value={draft.timeZone}
            onChange={(e) => setDraft({ ...draft, timeZone: e.target.value })}
            className="max-w-64"
          >
            {zones.map((z) => (
              <option key={z} value={z}>
                {z.replaceAll("_", " ")}
              </option>
            ))}
          </Select>
          <Button type="submit" size="sm" variant="primary" disabled={save.isPending}>
            Save
          </Button>
          <Button
            type="button"
            size="sm"
            variant="ghost"
            onClick={() => {
              setEditing(false);
              setDraft(digest);
              save.reset();
            }}
          >
            Cancel
          </Button>
          {save.error ? <FormError>{save.error.message}</FormError> : null}
        </form>
      ) : (
        <>
          <p className="min-w-0 flex-1 text-muted">
            Reviewers with a decision due by tomorrow get one reminder a day, in their inbox and by email, at{" "}
            <span className="font-medium text-foreground">
              {hourText(digest.hour)} {digest.timeZone.replaceAll("_", " ")} time
            </span>
            .
          </p>
          {canManage ? (
            <Button size="sm" variant="secondary" onClick={() => setEditing(true)}>
              Change time
            </Button>
          ) : null}
        </>
      )}
    </section>
  );
}
