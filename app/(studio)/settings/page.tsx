import type { Metadata } from "next";
import { headers } from "next/headers";
import { AccessTokensPanel } from "@/components/settings/access-tokens-panel";
import { AccountPanel } from "@/components/settings/account-panel";
import { BudgetsPanel } from "@/components/settings/budgets-panel";
import { DoneAlertsPanel } from "@/components/settings/done-alerts-panel";
import { EngineKeysPanel } from "@/components/settings/engine-keys-panel";
import { InvitationsPanel } from "@/components/settings/invitations-panel";
import { LimitsPanel } from "@/components/settings/limits-panel";
import { NotificationsPanel } from "@/components/settings/notifications-panel";
import { PasswordPanel } from "@/components/settings/password-panel";
import { ServicePanel } from "@/components/settings/service-panel";
import { ShareLinksPanel } from "@/components/settings/share-links-panel";
import { SpendPanel } from "@/components/settings/spend-panel";
import { TeamPanel } from "@/components/settings/team-panel";
import { ButtonLink } from "@/components/ui/button";
import { PageHeader } from "@/components/ui/page-header";
import { DEFAULT_VIDEO_MODEL } from "@/lib/protocol/video-inference";
import { pageRuntime, requirePageUser } from "@/lib/server/api/page-session";
import { can } from "@/lib/studio/roles";

export const metadata: Metadata = { title: "Settings" };

export default async function SettingsPage() {
  const user = await requirePageUser();
  const { env, upstream } = await pageRuntime();
  const host = (await headers()).get("host") ?? `127.0.0.1:${env.PORT}`;
  const origin = env.STUDIO_URL ?? `http://${host}`;
  const embeddedHttp = `${origin.replace(/\/$/, "")}/v1`;
  const service = {
    embedded: env.embedded,
    httpUrl: env.UPSTREAM_URL ?? embeddedHttp,
    wsUrl: env.UPSTREAM_WS_URL ?? embeddedHttp.replace(/^http/, "ws"),
    videoModel: env.VIDEO_MODEL_ID ?? DEFAULT_VIDEO_MODEL,
    connected: upstream.socket.status().connected,
  };
  const manage = can(user.role, "manage");
  return (
    <div className="flex flex-col gap-6">
      <PageHeader
        eyebrow="Studio"
        title="Settings"
        description="The service this studio talks to, the team that uses it, and the keys other clients use."
        actions={<ButtonLink href="/settings/api">API reference</ButtonLink>}
      />
      <ServicePanel service={service} />
      <TeamPanel meId={user.id} canManage={manage} />
      {manage ? <InvitationsPanel /> : null}
      {manage ? <LimitsPanel /> : null}
      <SpendPanel owner={manage} embedded={env.embedded} />
      <BudgetsPanel owner={manage} />
      {can(user.role, "organize") ? <ShareLinksPanel /> : null}
      {manage && env.embedded ? <EngineKeysPanel endpoint={embeddedHttp} /> : null}
      <NotificationsPanel />
      <DoneAlertsPanel />
      <AccessTokensPanel role={user.role} />
      <PasswordPanel />
      <AccountPanel email={user.email} />
    </div>
  );
}
