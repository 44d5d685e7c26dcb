"use client";

import { PiggyBank } from "lucide-react";
import { useEffect, useState } from "react";
import { Button } from "@/components/ui/button";
import { FormError, TextField } from "@/components/ui/field";
import { useEndpoint, useEndpointMutation } from "@/lib/client/endpoint-client";
import { api } from "@/lib/studio/api/addresses";
import { usd } from "@/lib/studio/spend/money";
import { monthName } from "@/lib/studio/spend/month";
import { SettingsSection } from "./settings-section";

type Line = { usd: number | null; spent: number };

const asText = (v: number | null) => (v === null ? "" : String(v));

/** "" is no budget; anything else must read as a positive amount. */
function parseBudget(text: string): number | null | "invalid" {
  const t = text.trim().replace(/^\$/, "");
  if (t === "") return null;
  const n = Number(t);
  return Number.isFinite(n) && n > 0 ? n : "invalid";
}

function spentWords(line: Line): string {
  return line.usd === null
    ? `${usd(line.spent)} spent this month, no budget`
    : `${usd(line.spent)} of ${usd(line.usd)} spent this month`;
}

/**
 * Monthly budgets (USD, UTC months) for the team and for each member: a task that would pass one
 * is refused before it is sent. Owners set them; every other member sees their own.
 */
export function BudgetsPanel({ owner }: { owner: boolean }) {
  const budgets = useEndpoint(api.spend.budgets, {});
  const save = useEndpointMutation(api.spend.setBudgets);
  const [team, setTeam] = useState("");
  const [members, setMembers] = useState<Record<string, string>>({});
  const [problem, setProblem] = useState<string | null>(null);
  const data = budgets.data;
  useEffect(() => {
    if (!data) return;
    setTeam(asText(data.team.usd));
    setMembers(Object.fromEntries(data.members.map((m) => [m.id, asText(m.usd)])));
  }, [data]);

  function submit() {
    if (!data) return;
    const teamUsd = parseBudget(team);
    const lines = data.members.map((m) => ({
      id: m.id,
      name: m.name,
      usd: parseBudget(members[m.id] ?? ""),
    }));
    const bad = [
      ...(teamUsd === "invalid" ? ["the team"] : []),
      ...lines.filter((l) => l.usd === "invalid").map((l) => l.name),
    ];
    if (bad.length > 0) {
      setProblem(`Write a budget as an amount in US dollars, such as 50 or 12.50 (check ${bad.join(", ")}).`);
      return;
    }
    setProblem(null);
    save.mutate({
      body: {
        team: teamUsd as number | null,
        members: lines.map((l) => ({ id: l.id, usd: l.usd as number | null })),
      },
    });
  }

  const clear = (scope: "team" | string) => {
    setProblem(null);
    if (scope === "team") {
      setTeam("");
      save.mutate({ body: { team: null } });
    } else {
      setMembers((m) => ({ ...m, [scope]: "" }));
      save.mutate({ body: { members: [{ id: scope, usd: null }] } });
    }
  };

  return (
    <SettingsSection
      icon={PiggyBank}
      labelId="budgets-heading"
      title="Budgets"
      description={`A monthly limit on what the service may charge, for the team and for each member. A task that would pass one is refused before it is sent, with the budget named. Months run in UTC${data ? `; this is ${monthName(data.month)}` : ""}.`}
    >
      <form
        aria-labelledby="budgets-heading"
        className="flex flex-col gap-4 px-5 py-4"
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        {data ? (
          <>
            <BudgetRow
              id="budget-team"
              label="Team's monthly budget (USD)"
              value={team}
              onChange={setTeam}
              line={data.team}
              editable={owner}
              onClear={() => clear("team")}
            />
            {data.members.map((m) => (
              <BudgetRow
                key={m.id}
                id={`budget-${m.id}`}
                label={owner ? `${m.name}'s monthly budget (USD)` : "Your monthly budget (USD)"}
                value={members[m.id] ?? ""}
                onChange={(v) => setMembers((all) => ({ ...all, [m.id]: v }))}
                line={m}
                editable={owner}
                onClear={() => clear(m.id)}
              />
            ))}
          </>
        ) : null}
        <FormError>{problem ?? budgets.error?.message ?? save.error?.message ?? null}</FormError>
        {owner ? (
          <div className="flex items-center gap-3">
            <Button type="submit" variant="secondary" disabled={save.isPending || !data}>
              Save budgets
            </Button>
            {save.isSuccess && !problem ? (
              <p role="status" className="text-muted-subtle text-xs">
                Saved. The next task is held to these budgets.
              </p>
            ) : null}
          </div>
        ) : null}
      </form>
    </SettingsSection>
  );
}

function BudgetRow({
  id,
  label,
  value,
  onChange,
  line,
  editable,
  onClear,
}: {
  id: string;
  label: string;
  value: string;
  onChange(value: string): void;
  line: Line;
  editable: boolean;
  onClear(): void;
}) {
  if (!editable) {
    return (
      <p className="text-[13px] text-foreground">
        {label.replace(" (USD)", "")}: <span className="tabular-nums">{spentWords(line)}</span>
      </p>
    );
  }
  return (
    <div className="flex flex-wrap items-end gap-3">
      <div className="w-64">
        <TextField
          id={id}
          label={label}
          inputMode="decimal"
          placeholder="No budget"
          value={value}
          onChange={(e) => onChange(e.target.value)}
          hint={spentWords(line)}
        />
      </div>
      {line.usd !== null ? (
        <Button
          variant="ghost"
          size="sm"
          className="mb-6"
          onClick={onClear}
          aria-label={`Clear ${label.replace(" (USD)", "")}`}
        >
          Clear
        </Button>
      ) : null}
    </div>
  );
}
