"use client";

import { ShieldCheck } from "lucide-react";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { FormError } from "@/components/ui/field";
import { attempt } from "@/lib/client/endpoint-attempt";
import { api } from "@/lib/studio/api/addresses";
import { SettingsSection } from "./settings-section";

/** The signed-in member's own account: sign out on every device at once. */
export function AccountPanel({ email }: { email: string }) {
  const router = useRouter();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  return (
    <SettingsSection
      icon={ShieldCheck}
      labelId="account-heading"
      title="Your account"
      description={
        <>
          Signed in as <span className="text-foreground">{email}</span>. Lost a laptop or used a shared
          computer? End every session of this account, here included.
        </>
      }
      actions={
        <Button
          variant="secondary"
          disabled={busy}
          onClick={async () => {
            setBusy(true);
            const result = await attempt(api.sessions.endAll, {});
            if (!result.ok) {
              setBusy(false);
              setError(result.errors.map((e) => e.message).join(" "));
              return;
            }
            router.replace("/sign-in");
            router.refresh();
          }}
        >
          Sign out everywhere
        </Button>
      }
    >
      {error ? (
        <div className="px-5 py-4">
          <FormError>{error}</FormError>
        </div>
      ) : null}
    </SettingsSection>
  );
}
