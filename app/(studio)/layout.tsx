import type { ReactNode } from "react";
import { Providers } from "@/components/providers";
import { AppShell } from "@/components/shell/app-shell";
import { MemberRoleProvider } from "@/lib/client/auth/member-role";
import { pageRuntime, pageStreamStart, requirePageUser } from "@/lib/server/api/page-session";
import { ROLE_LABELS } from "@/lib/studio/roles";

/** Every studio page needs a signed-in member; the first visit to a fresh studio goes to set-up. */
export default async function StudioLayout({ children }: { children: ReactNode }) {
  // First: the page's data is read after this, by the page and its queries.
  const stream = await pageStreamStart();
  const user = await requirePageUser();
  const { env } = await pageRuntime();
  const service = {
    embedded: env.embedded,
    host: env.UPSTREAM_URL ? new URL(env.UPSTREAM_URL).host : null,
  };
  return (
    <Providers>
      {/* Around the shell too: its shortcuts list names only the keys the member's role answers. */}
      <MemberRoleProvider role={user.role} memberId={user.id}>
        <AppShell
          user={{ name: user.name, email: user.email, roleLabel: ROLE_LABELS[user.role].label }}
          service={service}
          stream={stream}
        >
          {children}
        </AppShell>
      </MemberRoleProvider>
    </Providers>
  );
}
