import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { AuthCard } from "@/components/auth/auth-card";
import { SetupForm } from "@/components/auth/setup-form";
import { pageRuntime } from "@/lib/server/api/page-session";

export const metadata: Metadata = { title: "Set up" };

export default async function SetupPage() {
  const { team } = await pageRuntime();
  if (!(await team.needsSetup())) redirect("/sign-in");
  return (
    <AuthCard
      title="Set up your studio"
      description="This studio is new. Create the owner's account: you can invite your team next."
    >
      <SetupForm />
    </AuthCard>
  );
}
