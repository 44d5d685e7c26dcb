"use client";

import { Link2, MailPlus } from "lucide-react";
import { useState } from "react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { cn } from "@/components/ui/cn";
import { FormError, inputClasses } from "@/components/ui/field";
import { Select } from "@/components/ui/select";
import { useEndpoint, useEndpointMutation } from "@/lib/client/endpoint-client";
import { api } from "@/lib/studio/api/addresses";
import { ROLE_LABELS, ROLES, type Role } from "@/lib/studio/roles";
import { CopyField } from "./copy-field";
import { RevocableList } from "./revocable-list";
import { SettingsSection } from "./settings-section";

const dateFormat = new Intl.DateTimeFormat("en", { month: "short", day: "numeric" });

/** The owner invites people with a role: a link to send them, valid for a week. */
export function InvitationsPanel() {
  const [role, setRole] = useState<Role>("editor");
  const [email, setEmail] = useState("");
  /** The open invitation whose link is shown again (null: the one just made, if any). */
  const [shownId, setShownId] = useState<string | null>(null);
  const list = useEndpoint(api.invitations.list, {});
  const create = useEndpointMutation(api.invitations.create, {
    input: (body: { role: Role; email: string }) => ({ body }),
  });
  const revoke = useEndpointMutation(api.invitations.revoke, {
    input: (id: string) => ({ params: { id } }),
  });
  const open = (list.data ?? []).filter(
    (i) => !i.acceptedAt && !i.revokedAt && Date.parse(i.expiresAt) > Date.now(),
  );
  const shown = open.find((i) => i.id === shownId);
  const link = shown?.url ?? (shownId === null ? create.data?.url : undefined);

  return (
    <SettingsSection
      icon={MailPlus}
      labelId="invitations-heading"
      title="Invitations"
      description="Invite someone with a role. They open the link, choose a password, and join; the link works once and expires after seven days."
    >
      <form
        className="flex flex-col gap-3 px-5 py-4 md:flex-row md:items-end"
        onSubmit={(e) => {
          e.preventDefault();
          setShownId(null);
          create.mutate({ role, email });
        }}
      >
        <div className="flex flex-col gap-1.5">
          <label htmlFor="invite-role" className="font-medium text-[13px] text-foreground">
            Role
          </label>
          <Select id="invite-role" value={role} onChange={(e) => setRole(e.target.value as typeof role)}>
            {ROLES.map((r) => (
              <option key={r} value={r}>
                {ROLE_LABELS[r].label}
              </option>
            ))}
          </Select>
        </div>
        <div className="flex min-w-0 flex-1 flex-col gap-1.5">
          <label htmlFor="invite-email" className="font-medium text-[13px] text-foreground">
            Email{" "}
            <span className="font-normal text-muted-subtle">(optional: only this address can use it)</span>
          </label>
          <input
            id="invite-email"
            type="email"
            value={email}
            onChange={(e) => setEmail(e.target.value)}
            className={cn(inputClasses, "h-9")}
            placeholder="name@example.com"
          />
        </div>
        <Button type="submit" variant="primary" disabled={create.isPending}>
          Create invitation link
        </Button>
      </form>
      <div className="flex flex-col gap-3 px-5 pb-4 empty:hidden">
        {create.error ? <FormError>{create.error.message}</FormError> : null}
        {link ? (
          <CopyField
            id="invite-link"
            label="Invitation link"
            value={link}
            hint={
              shown
                ? `For ${shown.email ?? "anyone with the link"}, as ${ROLE_LABELS[shown.role].label.toLowerCase()}.`
                : undefined
            }
          />
        ) : null}
      </div>
      <RevocableList
        label="Open invitations"
        items={open}
        loading={list.isPending}
        empty="No open invitations."
        revoking={revoke.isPending}
        onRevoke={(id) => revoke.mutate(id)}
        actions={(i) =>
          i.url ? (
            <Button
              variant="ghost"
              size="sm"
              aria-label={`Show the link of the invitation for ${i.email ?? "anyone"} (${ROLE_LABELS[i.role].label})`}
              aria-pressed={shownId === i.id}
              onClick={() => setShownId(i.id)}
            >
              <Link2 />
              Link
            </Button>
          ) : null
        }
      >
        {(i) => (
          <div className="flex min-w-0 items-center gap-3">
            <Badge>{ROLE_LABELS[i.role].label}</Badge>
            <span className="truncate text-[13px] text-muted">{i.email ?? "Anyone with the link"}</span>
            <span className="text-muted-subtle text-xs">
              until {dateFormat.format(new Date(i.expiresAt))}
            </span>
          </div>
        )}
      </RevocableList>
    </SettingsSection>
  );
}
