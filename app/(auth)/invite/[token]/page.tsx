import type { Metadata } from "next";
import { AuthCard } from "@/components/auth/auth-card";
import { InvitationForm } from "@/components/auth/invitation-form";
import { ButtonLink } from "@/components/ui/button";
import { pageRuntime } from "@/lib/server/api/page-session";
import { ROLE_LABELS } from "@/lib/studio/roles";

export const metadata: Metadata = { title: "Join the studio" };

export default async function InvitationPage({ params }: { params: Promise<{ token: string }> }) {
  const { token } = await params;
  const { team } = await pageRuntime();
  const invitation = await team.findInvitation(token);
  if (!invitation) {
    return (
      <AuthCard
        title="This invitation cannot be used"
        description="It is unknown, was already used, was revoked, or has expired. Ask the studio's owner for a new link."
      >
        <ButtonLink href="/sign-in" variant="secondary" className="w-full">
          Go to sign-in
        </ButtonLink>
      </AuthCard>
    );
  }
  const role = ROLE_LABELS[invitation.role];
  return (
    <AuthCard
      title="Join the studio"
      description={
        <>
          You are invited as <strong className="font-semibold text-foreground">{role.label}</strong>:{" "}
          {role.description.toLowerCase()}.
        </>
      }
    >
      <InvitationForm token={token} email={invitation.email} />
    </AuthCard>
  );
}
