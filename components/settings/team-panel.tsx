"use client";

import { KeyRound, UserMinus, Users } from "lucide-react";
import { useState } from "react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { FormError } from "@/components/ui/field";
import { Select } from "@/components/ui/select";
import { useEndpoint, useEndpointMutation } from "@/lib/client/endpoint-client";
import { api } from "@/lib/studio/api/addresses";
import type { MemberView } from "@/lib/studio/api/members";
import { isRole, ROLE_LABELS, ROLES, type Role } from "@/lib/studio/roles";
import { CopyField } from "./copy-field";
import { SectionEmpty, SettingsSection } from "./settings-section";

/** Who is in the team; the owner changes roles and removes members. */
export function TeamPanel({ meId, canManage }: { meId: string; canManage: boolean }) {
  const members = useEndpoint(api.members.list, {});
  const setRole = useEndpointMutation(api.members.setRole, {
    input: ({ id, role }: { id: string; role: Role }) => ({ params: { id }, body: { role } }),
  });
  const remove = useEndpointMutation(api.members.remove, {
    input: (id: string) => ({ params: { id } }),
  });
  const resetLink = useEndpointMutation(api.members.resetLink, {
    input: (id: string) => ({ params: { id } }),
  });
  /** Who the reset link on show is for. */
  const [resetFor, setResetFor] = useState<MemberView | null>(null);
  const error = setRole.error ?? remove.error ?? resetLink.error;

  return (
    <SettingsSection
      icon={Users}
      labelId="team-heading"
      title="Team"
      description="Owners manage the team; editors generate images and videos; reviewers and viewers see the gallery."
    >
      {error ? (
        <div className="px-5 pt-4">
          <FormError>{error.message}</FormError>
        </div>
      ) : null}
      {resetFor && resetLink.data && !resetLink.isPending ? (
        <div className="border-border border-b bg-panel-raised/40 px-5 py-4">
          <CopyField
            id="reset-link"
            label={`Password reset link for ${resetFor.name}`}
            value={resetLink.data.url}
            hint={`Send it to ${resetFor.name}: it works once, for a day, and ends their other sessions. Making another replaces it.`}
          />
        </div>
      ) : null}
      {members.isPending ? <SectionEmpty>Loading the team…</SectionEmpty> : null}
      {members.data?.length === 0 ? <SectionEmpty>No members yet.</SectionEmpty> : null}
      <ul className="divide-y divide-border" aria-label="Members">
        {members.data?.map((m) => (
          <li key={m.id} className="flex items-center justify-between gap-4 px-5 py-3">
            <div className="min-w-0">
              <p className="truncate font-medium text-[14px] text-foreground">
                {m.name}
                {m.id === meId ? <span className="ml-2 text-muted-subtle text-xs">(you)</span> : null}
              </p>
              <p className="truncate text-[13px] text-muted-subtle">{m.email}</p>
            </div>
            {canManage ? (
              <div className="flex items-center gap-2">
                <label className="sr-only" htmlFor={`role-${m.id}`}>
                  Role of {m.name}
                </label>
                <Select
                  id={`role-${m.id}`}
                  value={m.role}
                  disabled={setRole.isPending}
                  onChange={(e) => {
                    const role = e.target.value;
                    if (isRole(role)) setRole.mutate({ id: m.id, role });
                  }}
                >
                  {ROLES.map((r) => (
                    <option key={r} value={r}>
                      {ROLE_LABELS[r].label}
                    </option>
                  ))}
                </Select>
                {m.id !== meId ? (
                  <Button
                    variant="ghost"
                    size="sm"
                    aria-label={`Make a password reset link for ${m.name}`}
                    title={`Make a password reset link for ${m.name}`}
                    disabled={resetLink.isPending}
                    onClick={() => {
                      setResetFor(m);
                      resetLink.mutate(m.id);
                    }}
                  >
                    <KeyRound />
                  </Button>
                ) : null}
                {m.id !== meId ? (
                  <Button
                    variant="ghost"
                    size="sm"
                    aria-label={`Remove ${m.name}`}
                    title={`Remove ${m.name}`}
                    disabled={remove.isPending}
                    onClick={() => {
                      if (
                        window.confirm(`Remove ${m.name} from the studio? Their results stay in the gallery.`)
                      ) {
                        remove.mutate(m.id);
                      }
                    }}
                  >
                    <UserMinus />
                  </Button>
                ) : null}
              </div>
            ) : (
              <Badge tone={m.role === "owner" ? "accent" : "neutral"}>{ROLE_LABELS[m.role].label}</Badge>
            )}
          </li>
        ))}
      </ul>
    </SettingsSection>
  );
}
