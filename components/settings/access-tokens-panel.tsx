"use client";

import { KeySquare } from "lucide-react";
import { useState } from "react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { cn } from "@/components/ui/cn";
import { Dialog } from "@/components/ui/dialog";
import { FormError, inputClasses } from "@/components/ui/field";
import { Select } from "@/components/ui/select";
import { useEndpoint, useEndpointMutation } from "@/lib/client/endpoint-client";
import { api } from "@/lib/studio/api/addresses";
import { type AccessTokenView, TOKEN_LIFETIMES, tokenRolesFor } from "@/lib/studio/api/tokens";
import { timeAgo } from "@/lib/studio/relative-time";
import { ROLE_LABELS, type Role } from "@/lib/studio/roles";
import { CopyField } from "./copy-field";
import { RevocableList } from "./revocable-list";
import { SettingsSection } from "./settings-section";

const dateFormat = new Intl.DateTimeFormat("en", { year: "numeric", month: "short", day: "numeric" });
const NEVER = "never";
type Lifetime = (typeof TOKEN_LIFETIMES)[number] | typeof NEVER;

function expiryText(token: AccessTokenView): string {
  if (!token.expiresAt) return "never expires";
  const at = new Date(token.expiresAt);
  return at.getTime() <= Date.now() ? `expired ${dateFormat.format(at)}` : `expires ${dateFormat.format(at)}`;
}

/** A member's keys for scripts and CI: each acts for them, with a role up to theirs. */
export function AccessTokensPanel({ role }: { role: Role }) {
  const roles = tokenRolesFor(role);
  const [name, setName] = useState("");
  const [tokenRole, setTokenRole] = useState<Role>(roles.includes("editor") ? "editor" : role);
  const [lifetime, setLifetime] = useState<Lifetime>(90);
  const [confirming, setConfirming] = useState<AccessTokenView | null>(null);
  const list = useEndpoint(api.tokens.list, {});
  const create = useEndpointMutation(api.tokens.create, { onSuccess: () => setName("") });
  const revoke = useEndpointMutation(api.tokens.revoke, {
    input: (id: string) => ({ params: { id } }),
    onSuccess: () => setConfirming(null),
  });
  const tokens = list.data ?? [];

  return (
    <SettingsSection
      icon={KeySquare}
      labelId="access-tokens-heading"
      title="Access tokens"
      description={
        <>
          Tokens let scripts and CI call the studio&apos;s API as you: send one in an{" "}
          <code className="font-mono text-foreground">Authorization: Bearer</code> header. A token never does
          more than its role, nor more than your own role.
        </>
      }
    >
      <form
        className="grid gap-3 px-5 py-4 md:grid-cols-[minmax(0,1fr)_auto_auto_auto] md:items-end"
        onSubmit={(e) => {
          e.preventDefault();
          create.mutate({
            body: { name, role: tokenRole, expiresInDays: lifetime === NEVER ? null : lifetime },
          });
        }}
      >
        <div className="flex min-w-0 flex-col gap-1.5">
          <label htmlFor="token-name" className="font-medium text-[13px] text-foreground">
            Name
          </label>
          <input
            id="token-name"
            value={name}
            maxLength={100}
            onChange={(e) => setName(e.target.value)}
            className={cn(inputClasses, "h-9")}
            placeholder="What will use it, such as “Nightly evaluation”"
          />
        </div>
        <div className="flex flex-col gap-1.5">
          <label htmlFor="token-role" className="font-medium text-[13px] text-foreground">
            Role
          </label>
          <Select id="token-role" value={tokenRole} onChange={(e) => setTokenRole(e.target.value as Role)}>
            {roles.map((r) => (
              <option key={r} value={r}>
                {ROLE_LABELS[r].label}
              </option>
            ))}
          </Select>
        </div>
        <div className="flex flex-col gap-1.5">
          <label htmlFor="token-expiry" className="font-medium text-[13px] text-foreground">
            Expires
          </label>
          <Select
            id="token-expiry"
            value={String(lifetime)}
            onChange={(e) =>
              setLifetime(e.target.value === NEVER ? NEVER : (Number(e.target.value) as Lifetime))
            }
          >
            {TOKEN_LIFETIMES.map((days) => (
              <option key={days} value={days}>
                In {days} days
              </option>
            ))}
            <option value={NEVER}>Never</option>
          </Select>
        </div>
        <Button type="submit" variant="secondary" disabled={create.isPending}>
          Create token
        </Button>
      </form>
      <div className="flex flex-col gap-3 px-5 pb-4 empty:hidden">
        {create.error ? <FormError>{create.error.message}</FormError> : null}
        {create.data ? (
          <div className="flex flex-col gap-2 rounded-control border border-accent-strong/40 bg-panel-raised p-3">
            <CopyField id="new-access-token" label="New token" value={create.data.secret} />
            <p role="status" className="font-medium text-[12.5px] text-foreground">
              Copy “{create.data.name}” now: you won&apos;t see it again. The studio keeps only a fingerprint
              of it.
            </p>
          </div>
        ) : null}
      </div>
      <RevocableList
        label="Access tokens"
        items={tokens}
        loading={list.isPending}
        empty="No tokens yet."
        revoking={revoke.isPending}
        onRevoke={(id) => setConfirming(tokens.find((t) => t.id === id) ?? null)}
      >
        {(t) => (
          <div className="min-w-0">
            <p className="flex items-center gap-2 font-medium text-[14px] text-foreground">
              <span className="truncate">{t.name}</span>
              <Badge>{ROLE_LABELS[t.role].label}</Badge>
            </p>
            <p className="text-[12.5px] text-muted-subtle">
              <code className="font-mono">{t.prefix}…</code> · created{" "}
              {dateFormat.format(new Date(t.createdAt))} · {expiryText(t)} ·{" "}
              {t.lastUsedAt ? `last used ${timeAgo(t.lastUsedAt)}` : "never used"}
            </p>
          </div>
        )}
      </RevocableList>
      <Dialog
        open={confirming !== null}
        onOpenChange={(open) => {
          if (!open) setConfirming(null);
        }}
        title={`Revoke “${confirming?.name ?? ""}”?`}
        description="Scripts using this token stop working at once. This cannot be undone."
      >
        <div className="flex flex-col gap-3">
          {revoke.error ? <FormError>{revoke.error.message}</FormError> : null}
          <div className="flex justify-end gap-2">
            <Button variant="ghost" onClick={() => setConfirming(null)}>
              Cancel
            </Button>
            <Button
              variant="primary"
              disabled={revoke.isPending}
              onClick={() => confirming && revoke.mutate(confirming.id)}
            >
              Revoke token
            </Button>
          </div>
        </div>
      </Dialog>
    </SettingsSection>
  );
}
