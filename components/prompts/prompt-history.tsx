"use client";

import { Columns2, FlaskConical, History, Search, X } from "lucide-react";
import { useCallback, useDeferredValue, useMemo, useState } from "react";
import { VaryDialog } from "@/components/experiments/vary-dialog";
import { Button, ButtonLink } from "@/components/ui/button";
import { cn } from "@/components/ui/cn";
import { EmptyState } from "@/components/ui/empty-state";
import { inputClasses } from "@/components/ui/field";
import { Select } from "@/components/ui/select";
import { useCan } from "@/lib/client/auth/member-role";
import { useEndpoint } from "@/lib/client/endpoint-client";
import { newAxis } from "@/lib/client/experiments/axis-draft";
import { useShowOlder } from "@/lib/client/older-pages";
import { usePromptHistoryAddress } from "@/lib/client/prompts/history-url";
import { usePromptHistory } from "@/lib/client/prompts/use-prompt-history";
import { api } from "@/lib/studio/api/addresses";
import { groupPromptRuns } from "@/lib/studio/prompts/grouping";
import { PromptChainCard } from "./prompt-chain";
import { PromptDiffDialog } from "./prompt-diff-dialog";
import type { PickedVersion } from "./types";

/** Every prompt a member ran, grouped into chains of edits, with diffs, results and actions. */
export function PromptHistory() {
  const canGenerate = useCan("generate");
  const { typed, setTyped, member, setMember } = usePromptHistoryAddress();
  const q = useDeferredValue(typed.trim());
  const [picked, setPicked] = useState<Map<string, PickedVersion>>(new Map());
  const [diffing, setDiffing] = useState(false);
  const [varying, setVarying] = useState(0);

  const query = usePromptHistory(q, member);
  const showOlder = useShowOlder(query);
  const runs = useMemo(() => query.data?.pages.flatMap((p) => p.runs) ?? [], [query.data]);
  const chains = useMemo(() => groupPromptRuns(runs), [runs]);

  const pick = useCallback(
    (key: string, number: number, on: boolean) =>
      setPicked((current) => {
        const next = new Map(current);
        if (!on) {
          next.delete(key);
          return next;
        }
        for (const chain of chains) {
          const version = chain.versions[number - 1];
          const run = version?.runs[0];
          if (version && run && run.taskUUID === key) {
            const words = version.prompt.length > 32 ? `${version.prompt.slice(0, 31)}…` : version.prompt;
            next.set(key, { key, prompt: version.prompt, run, label: `v${number} · ${words}` });
          }
        }
        return next;
      }),
    [chains],
  );

  const chosen = useMemo(
    () => [...picked.values()].sort((a, b) => a.run.createdAt.localeCompare(b.run.createdAt)),
    [picked],
  );
  const pair =
    diffing && chosen.length === 2 ? ([chosen[0], chosen[1]] as [PickedVersion, PickedVersion]) : null;
  const newestPicked = chosen.at(-1);
  const varyTask = useCallback(() => {
    const { taskUUID: _drop, ...params } = newestPicked?.run.params ?? {};
    return { ...params, positivePrompt: chosen[0]?.prompt ?? "" };
  }, [newestPicked, chosen]);
  const varyAxes = useMemo(
    () => [
      {
        ...newAxis("prompts", String(newestPicked?.run.params.taskType ?? "imageInference"), ""),
        prompts: chosen.map((c) => c.prompt).join("\n"),
      },
    ],
    [chosen, newestPicked],
  );

  return (
    <div className="flex flex-col gap-5">
      <PromptSearch typed={typed} setTyped={setTyped} member={member} setMember={setMember} />

      <SelectionBar
        count={chosen.length}
        canGenerate={canGenerate}
        onCompare={() => setDiffing(true)}
        onVary={() => setVarying((n) => n + 1)}
        onClear={() => setPicked(new Map())}
      />

      {query.isPending ? (
        <p className="text-muted text-sm">Loading prompts…</p>
      ) : query.isError ? (
        <p role="alert" className="text-danger-fg text-sm">
          {query.error.message}
        </p>
      ) : chains.length === 0 ? (
        <EmptyState
          icon={History}
          title={q ? "No prompt matches" : "No prompts yet"}
          description={
            q
              ? "No prompt run holds those words. Try fewer words, or look at everyone's prompts."
              : "Every prompt sent from a Create page lands here, grouped with its edits."
          }
          actions={
            q ? null : (
              <ButtonLink href="/create/text-to-image" variant="secondary">
                Open text to image
              </ButtonLink>
            )
          }
        />
      ) : (
        <ul aria-label="Prompt chains" className="flex flex-col gap-4">
          {chains.map((chain) => (
            <PromptChainCard
              key={chain.id}
              chain={chain}
              showAuthor={member !== "me"}
              picked={new Set(picked.keys())}
              onPick={pick}
              canGenerate={canGenerate}
            />
          ))}
        </ul>
      )}
      {query.hasNextPage ? (
        <Button
          variant="secondary"
          className="self-center"
          onClick={showOlder}
          disabled={query.isFetchingNextPage}
        >
          Show older prompts
        </Button>
      ) : null}

      <PromptDiffDialog pair={pair} onClose={() => setDiffing(false)} />
      {varying > 0 ? (
        <VaryDialog
          key={varying}
          open={varying > 0}
          onOpenChange={(open) => !open && setVarying(0)}
          task={varyTask}
          initialAxes={varyAxes}
        />
      ) : null}
    </div>
  );
}

function PromptSearch({
  typed,
  setTyped,
  member,
  setMember,
}: {
  typed: string;
  setTyped: (typed: string) => void;
  member: string;
  setMember: (member: string) => void;
}) {
  const members = useEndpoint(api.members.list, {});
  return (
    <div className="flex flex-wrap items-center gap-3">
      <div className="relative min-w-64 flex-1">
        <Search
          aria-hidden
          className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-subtle"
        />
        <input
          type="search"
          value={typed}
          onChange={(e) => setTyped(e.target.value)}
          placeholder="Search prompts: fox -snow, “pine forest”"
          aria-label="Search prompts"
          maxLength={200}
          className={cn(inputClasses, "pl-9")}
        />
      </div>
      <div className="flex items-center gap-2 text-[13px] text-muted">
        <label htmlFor="prompt-member">Whose</label>
        <Select
          id="prompt-member"
          aria-label="Whose prompts"
          value={member}
          onChange={(e) => setMember(e.target.value)}
          className="w-48"
        >
          <option value="me">Mine</option>
          <option value="all">Everyone's</option>
          {(members.data ?? []).map((m) => (
            <option key={m.id} value={m.id}>
              {m.name}
            </option>
          ))}
        </Select>
      </div>
    </div>
  );
}

/** What to do with the ticked prompts: compare two, vary them as an experiment, or untick them. */
function SelectionBar({
  count,
  canGenerate,
  onCompare,
  onVary,
  onClear,
}: {
  count: number;
  canGenerate: boolean;
  onCompare: () => void;
  onVary: () => void;
  onClear: () => void;
}) {
  return (
    <div
      role="toolbar"
      aria-label="Selected prompts"
      className="sticky top-0 z-10 flex flex-wrap items-center gap-2 rounded-card border border-border bg-panel/95 px-4 py-2.5 shadow-panel"
    >
      <p className="mr-auto text-[13px] text-muted" aria-live="polite">
        {count === 0
          ? "Tick two prompts to compare them, or several to try them side by side."
          : `${count} selected`}
      </p>
      <Button
        size="sm"
        variant="secondary"
        disabled={count !== 2}
        title={count !== 2 ? "Tick exactly two prompts" : undefined}
        onClick={onCompare}
      >
        <Columns2 aria-hidden /> Compare the two
      </Button>
      {canGenerate ? (
        <Button size="sm" variant="primary" disabled={count === 0} onClick={onVary}>
          <FlaskConical aria-hidden /> Vary as experiment
        </Button>
      ) : null}
      {count > 0 ? (
        <Button size="sm" variant="ghost" onClick={onClear}>
          <X aria-hidden /> Clear
        </Button>
      ) : null}
    </div>
  );
}
