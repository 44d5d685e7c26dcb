import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { Suspense } from "react";
import { AuthCard } from "@/components/auth/auth-card";
import { SignInForm } from "@/components/auth/sign-in-form";
import { currentUser, pageRuntime } from "@/lib/server/api/page-session";
import { safeNextPath } from "@/lib/studio/auth/next-path";

export const metadata: Metadata = { title: "Sign in" };

export default async function SignInPage({ searchParams }: { searchParams: Promise<{ next?: unknown }> }) {
  const { team } = await pageRuntime();
  if (await team.needsSetup()) redirect("/setup");
  if (await currentUser()) {
    const { next } = await searchParams;
    redirect(safeNextPath(typeof next === "string" ? next : null));
  }
  return (
    <AuthCard title="Sign in to Media Studio" description="This studio is private to its team.">
      <Suspense>
        <SignInForm />
      </Suspense>
      <p className="mt-5 text-center text-muted-subtle text-xs">
        No account? Ask the studio&apos;s owner for an invitation link. Forgot your password? The owner can
        make you a reset link.
      </p>
    </AuthCard>
  );
}
