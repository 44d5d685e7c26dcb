"use client";

import { ChevronDown, ShieldAlert, UserX } from "lucide-react";
import { useState } from "react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { cn } from "@/components/ui/cn";
import { FormError } from "@/components/ui/field";
import { useEndpoint, useEndpointMutation } from "@/lib/client/endpoint-client";
import { api } from "@/lib/studio/api/addresses";
import type { GuestVoter } from "@/lib/studio/api/guest-votes";
import { plural } from "@/lib/studio/words";

/**
 * A vote's guest voters, for the members who may close it: how many guests voted and from how many
 * network addresses (a browser is a voter, so many guests from one address may be one person), and
 * a way to discard one guest's votes. Shows nothing until a guest has voted.
 */
export function GuestVotersPanel({ voteId }: { voteId: string }) {
  const [open, setOpen] = useState(false);
  const guests = useEndpoint(api.guestVotes.voters, { params: { id: voteId } });
  const data = guests.data;
  if (!data || data.voters + data.discarded === 0) return null;
  const shared = sharedPlaces(data.guests);
  return (
    <section
      aria-label="Guest voters"
      className="flex flex-col gap-3 rounded-card border border-border bg-panel-raised px-3 py-2.5"
    >
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="flex min-w-0 flex-col gap-0.5">
          <p className="font-medium text-[13px] text-foreground" data-testid="guest-voter-counts">
            {plural(data.voters, "guest")} voted from{" "}
            {plural(data.addresses, "network address", "network addresses")}
            <span className="font-normal text-muted"> · {plural(data.votes, "vote")}</span>
          </p>
          <p className="text-[12px] text-muted">
            {data.discarded > 0 ? `${plural(data.discarded, "guest")} discarded. ` : ""}
            {shared > 0
              ? "Several guests from one address may be one person, or a script."
              : "Only you and others who may close the vote see this."}
          </p>
        </div>
        <Button size="sm" variant="ghost" aria-expanded={open} onClick={() => setOpen((v) => !v)}>
          <ChevronDown aria-hidden className={cn("transition-transform", open ? "rotate-180" : "")} />
          {open ? "Hide guests" : "Show guests"}
        </Button>
      </div>
      {open ? <GuestTable voteId={voteId} guests={data.guests} /> : null}
    </section>
  );
}

/** How many addresses more than one guest voted from. */
function sharedPlaces(guests: GuestVoter[]): number {
  const count = new Map<string, number>();
  for (const g of guests) if (g.place && !g.discardedAt) count.set(g.place, (count.get(g.place) ?? 0) + 1);
  return [...count.values()].filter((n) => n > 1).length;
}

function GuestTable({ voteId, guests }: { voteId: string; guests: GuestVoter[] }) {
  const perPlace = new Map<string, number>();
  for (const g of guests)
    if (g.place && !g.discardedAt) perPlace.set(g.place, (perPlace.get(g.place) ?? 0) + 1);
  return (
    <table className="w-full border-collapse text-[13px]">
      <thead>
        <tr className="border-border border-b text-left text-[12px] text-muted">
          <th scope="col" className="py-1.5 pr-3 font-medium">
            Guest
          </th>
          <th scope="col" className="py-1.5 pr-3 font-medium">
            Network address
          </th>
          <th scope="col" className="py-1.5 pr-3 text-right font-medium">
            Votes
          </th>
          <th scope="col" className="py-1.5 pr-3 font-medium">
            First vote
          </th>
          <th scope="col" className="py-1.5 text-right font-medium">
            <span className="sr-only">Action</span>
          </th>
        </tr>
      </thead>
      <tbody>
        {guests.map((g) => (
          <GuestRow
            key={g.id}
            voteId={voteId}
            guest={g}
            sharing={g.place ? (perPlace.get(g.place) ?? 0) : 0}
          />
        ))}
      </tbody>
    </table>
  );
}

function GuestRow({ voteId, guest, sharing }: { voteId: string; guest: GuestVoter; sharing: number }) {
  const [confirming, setConfirming] = useState(false);
  const discard = useEndpointMutation(api.guestVotes.discard);
  const discarded = guest.discardedAt !== null;
  return (
    <tr
      aria-label={guest.name}
      className={cn("border-border/60 border-b last:border-0", discarded && "text-muted")}
    >
      <td className="py-2 pr-3 font-medium">{guest.name}</td>
      <td className="py-2 pr-3">
        <span className="inline-flex items-center gap-2">
          {guest.place ?? "Not known"}
          {sharing > 1 ? (
            <Badge tone="accent">
              <ShieldAlert aria-hidden className="size-3" /> {plural(sharing, "guest")} here
            </Badge>
          ) : null}
        </span>
      </td>
      <td className="py-2 pr-3 text-right tabular-nums">{discarded ? "–" : guest.votes}</td>
      <td className="py-2 pr-3 text-muted">{new Date(guest.firstVoteAt).toLocaleString()}</td>
      <td className="py-2 text-right">
        {discarded ? (
          <span className="text-[12px]">
            Discarded by {guest.discardedByName}, {new Date(guest.discardedAt ?? "").toLocaleString()}
          </span>
        ) : confirming ? (
          <span className="inline-flex flex-wrap items-center justify-end gap-2">
            <span className="text-[12px] text-muted">
              Drop {plural(guest.votes, "vote")} from every ranking?
            </span>
            <Button size="sm" variant="ghost" onClick={() => setConfirming(false)}>
              Keep
            </Button>
            <Button
              size="sm"
              variant="primary"
              disabled={discard.isPending}
              onClick={() =>
                discard.mutate(
                  { params: { id: voteId, guestId: guest.id } },
                  { onSuccess: () => setConfirming(false) },
                )
              }
            >
              Discard
            </Button>
          </span>
        ) : (
          <Button size="sm" variant="secondary" onClick={() => setConfirming(true)}>
            <UserX aria-hidden /> Discard votes
          </Button>
        )}
        {discard.error ? <FormError>{discard.error.errors.map((e) => e.message).join(" ")}</FormError> : null}
      </td>
    </tr>
  );
}
