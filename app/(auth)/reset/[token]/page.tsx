import type { Metadata } from "next";
import { AuthCard } from "@/components/auth/auth-card";
import { ResetPasswordForm } from "@/components/auth/reset-password-form";
import { ButtonLink } from "@/components/ui/button";
import { pageRuntime } from "@/lib/server/api/page-session";

export const metadata: Metadata = { title: "Choose a new password" };

export default async function ResetPasswordPage({ params }: { params: Promise<{ token: string }> }) {
  const { token } = await params;
  const { resets } = await pageRuntime();
  const member = await resets.find(token);
  if (!member) {
    return (
      <AuthCard
        title="This reset link cannot be used"
        description="It is unknown, was already used, or has expired (a link works once, for a day). Ask the studio's owner for a new one."
      >
        <ButtonLink href="/sign-in" variant="secondary" className="w-full">
          Go to sign-in
        </ButtonLink>
      </AuthCard>
    );
  }
  return (
    <AuthCard
      title="Choose a new password"
      description={
        <>
          For <strong className="font-semibold text-foreground">{member.email}</strong>. Your other sessions
          end, and you are signed in here.
        </>
      }
    >
      <ResetPasswordForm token={token} />
    </AuthCard>
  );
}
