import { Plug } from "lucide-react";
import { Badge } from "@/components/ui/badge";
import { SettingsSection } from "./settings-section";

export interface ServiceView {
  embedded: boolean;
  httpUrl: string;
  wsUrl: string;
  videoModel: string;
  connected: boolean | null;
}

/** Which service generates media (never its key), and whether the studio's socket to it is up. */
export function ServicePanel({ service }: { service: ServiceView }) {
  const rows: [string, string][] = [
    ["HTTP", service.httpUrl],
    ["WebSocket", service.wsUrl],
    ["Video model", service.videoModel],
  ];
  return (
    <SettingsSection
      icon={Plug}
      labelId="service-heading"
      title="Service"
      description={
        service.embedded ? (
          <>
            The studio runs on its built-in engine: a procedural renderer for trying every workflow without an
            account. For real generations, give the server the service&apos;s addresses and key (see
            &ldquo;Using the real service&rdquo; in the README) and restart; the key stays on the server and
            never reaches a browser.
          </>
        ) : (
          <>
            The studio sends every task to this service from its server, with the key set in its environment.
          </>
        )
      }
      actions={
        service.connected === null ? null : service.connected ? (
          <Badge tone="success">Connected</Badge>
        ) : (
          <Badge>Reconnecting</Badge>
        )
      }
    >
      <dl className="grid grid-cols-[8rem_1fr] gap-x-4 gap-y-2 px-5 py-4 text-[13px]">
        {rows.map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="text-muted-subtle">{label}</dt>
            <dd className="truncate font-mono text-[12.5px] text-foreground">{value}</dd>
          </div>
        ))}
      </dl>
    </SettingsSection>
  );
}
