"use client";

import { BellDot } from "lucide-react";
import { useState } from "react";
import { FormError } from "@/components/ui/field";
import { Switch } from "@/components/ui/switch";
import { playChime } from "@/lib/client/done-alerts/chime";
import { askNotificationPermission } from "@/lib/client/done-alerts/done-alerts";
import { useEndpoint, useEndpointMutation } from "@/lib/client/endpoint-client";
import { api } from "@/lib/studio/api/addresses";
import type { DoneAlertSettings } from "@/lib/studio/api/done-alerts";
import { SettingsSection } from "./settings-section";

const BLOCKED =
  "Your browser blocks notifications from this studio. Allow them in the site's settings (the icon beside the address), then turn this on again.";
const UNSUPPORTED = "This browser cannot show notifications.";

function Row({
  id,
  label,
  hint,
  checked,
  disabled,
  onChange,
}: {
  id: string;
  label: string;
  hint: string;
  checked: boolean;
  disabled: boolean;
  onChange(on: boolean): void;
}) {
  return (
    <div className="flex items-center justify-between gap-4 border-border border-b px-5 py-3 last:border-b-0">
      <div className="min-w-0">
        <label htmlFor={id} className="block font-medium text-[13px] text-foreground">
          {label}
        </label>
        <p id={`${id}-hint`} className="text-muted-subtle text-xs">
          {hint}
        </p>
      </div>
      <Switch
        id={id}
        checked={checked}
        disabled={disabled}
        onChange={onChange}
        aria-describedby={`${id}-hint`}
      />
    </div>
  );
}

/**
 * Whether this browser tells me, while the studio's tab is in the background, that my batch or my
 * experiment has finished: a notification (the browser asks its permission when turned on) and a
 * chime. Stored for the member, so every browser they sign in to follows it.
 */
export function DoneAlertsPanel() {
  const current = useEndpoint(api.doneAlerts.get, {});
  const save = useEndpointMutation(api.doneAlerts.save);
  const [problem, setProblem] = useState<string | null>(null);
  const settings = current.data;
  const busy = !settings || save.isPending;

  const change = async (patch: Partial<DoneAlertSettings>) => {
    if (!settings) return;
    setProblem(null);
    if (patch.notify) {
      const answer = await askNotificationPermission();
      if (answer !== "granted") {
        setProblem(answer === "unsupported" ? UNSUPPORTED : BLOCKED);
        return;
      }
    }
    // Heard once now, so the member knows it, and the browser lets the page sound later.
    if (patch.sound) playChime();
    save.mutate({ body: { ...settings, ...patch } });
  };

  return (
    <div id="done-alerts" className="scroll-mt-20">
      <SettingsSection
        icon={BellDot}
        labelId="done-alerts-heading"
        title="When my work is done"
        description="While the studio's tab is in the background, tell me once when a batch I generated or an experiment I started finishes. Clicking the notification brings the tab back on the result."
      >
        <Row
          id="done-notify"
          label="Browser notification"
          hint="Once per batch or experiment, never per image, and only for your own work."
          checked={settings?.notify ?? false}
          disabled={busy}
          onChange={(notify) => void change({ notify })}
        />
        <Row
          id="done-sound"
          label="Play a sound"
          hint="A short chime with it."
          checked={settings?.sound ?? false}
          disabled={busy}
          onChange={(sound) => void change({ sound })}
        />
        <div className="px-5 pb-3 empty:hidden">
          {problem ? <FormError>{problem}</FormError> : null}
          {current.error ? <FormError>{current.error.message}</FormError> : null}
          {save.error ? <FormError>{save.error.message}</FormError> : null}
        </div>
        <p role="status" className="px-5 pb-3 text-muted-subtle text-xs empty:hidden">
          {save.isSuccess ? "Saved." : ""}
        </p>
      </SettingsSection>
    </div>
  );
}
