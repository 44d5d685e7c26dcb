"use client";

import { BellRing } from "lucide-react";
import { FormError } from "@/components/ui/field";
import { Switch } from "@/components/ui/switch";
import { useNotificationSettings, useSaveNotificationSettings } from "@/lib/client/notifications/use-inbox";
import {
  NOTIFICATION_KIND_LABELS,
  NOTIFICATION_KINDS,
  type NotificationChoice,
  type NotificationKind,
} from "@/lib/studio/notifications/notifications";
import { SettingsSection } from "./settings-section";

/** For each kind of notification: whether it reaches my inbox, and my email. Saved as switched. */
export function NotificationsPanel() {
  const current = useNotificationSettings();
  const save = useSaveNotificationSettings();
  const settings = current.data?.settings;
  const emailAvailable = current.data?.emailAvailable ?? false;
  const change = (kind: NotificationKind, patch: Partial<NotificationChoice>) => {
    if (!settings) return;
    save.mutate({ ...settings, [kind]: { ...settings[kind], ...patch } });
  };
  const busy = !settings || save.isPending;

  return (
    <div id="notifications" className="scroll-mt-20">
      <SettingsSection
        icon={BellRing}
        labelId="notifications-heading"
        title="Notifications"
        description={
          emailAvailable
            ? "What reaches your inbox (the bell in the top bar) and your email. You are never told of your own actions."
            : "What reaches your inbox (the bell in the top bar). Email is not available: the studio has no mail server set up."
        }
      >
        <table className="w-full text-[13px]" aria-labelledby="notifications-heading">
          <thead>
            <tr className="border-border border-b text-left text-[11.5px] text-muted-subtle uppercase tracking-wide">
              <th scope="col" className="px-5 py-2 font-medium">
                When
              </th>
              <th scope="col" className="w-24 px-3 py-2 text-center font-medium">
                Inbox
              </th>
              <th scope="col" className="w-24 px-5 py-2 text-center font-medium">
                Email
              </th>
            </tr>
          </thead>
          <tbody>
            {NOTIFICATION_KINDS.map((kind) => {
              const { label, description } = NOTIFICATION_KIND_LABELS[kind];
              const choice = settings?.[kind];
              return (
                <tr key={kind} className="border-border border-b last:border-b-0">
                  <th scope="row" className="px-5 py-3 text-left font-normal">
                    <span className="block font-medium text-foreground">{label}</span>
                    <span id={`notify-${kind}-hint`} className="block text-muted-subtle text-xs">
                      {description}
                    </span>
                  </th>
                  <td className="px-3 py-3 text-center">
                    <label htmlFor={`notify-${kind}-inbox`} className="sr-only">
                      {label} in my inbox
                    </label>
                    <Switch
                      id={`notify-${kind}-inbox`}
                      checked={choice?.inbox ?? false}
                      disabled={busy}
                      onChange={(inbox) => change(kind, { inbox })}
                    />
                  </td>
                  <td className="px-5 py-3 text-center">
                    <label htmlFor={`notify-${kind}-email`} className="sr-only">
                      {label} by email
                    </label>
                    <Switch
                      id={`notify-${kind}-email`}
                      checked={emailAvailable && (choice?.email ?? false)}
                      disabled={busy || !emailAvailable}
                      onChange={(email) => change(kind, { email })}
                    />
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
        {current.error ? <FormError>{current.error.message}</FormError> : null}
        {save.error ? <FormError>{save.error.message}</FormError> : null}
        <p role="status" className="px-5 pb-3 text-muted-subtle text-xs">
          {save.isSuccess ? "Saved." : ""}
        </p>
      </SettingsSection>
    </div>
  );
}
