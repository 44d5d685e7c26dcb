import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { Suspense } from "react";
import { AuthCard } from "@/components/auth/auth-card";
import { SignInForm } from "@/components/auth/sign-in-form";
import { currentUser, pageRuntime } from "@/lib/server/page-session";

export const metadata: Metadata = { title: "Sign in" };

export default async function SignInPage() {
  const { team } = await pageRuntime();
  if (await team.needsSetup()) redirect("/setup");
  if (await currentUser()) redirect("/");
  return (
    <AuthCard title="Sign in to Media Studio" description="This studio is private to its team.">
      <Suspense>
        <SignInForm />
      </Suspense>
      <p className="mt-5 text-center text-muted-subtle text-xs">
        No account? Ask the studio&apos;s owner for an invitation link.
      </p>
    </AuthCard>
  );
}
