"use client";

import { GitBranch } from "lucide-react";
import { PromptVersionRow } from "./prompt-version";
import { type HistoryChain, versionKey } from "./types";

interface PromptChainCardProps {
  chain: HistoryChain;
  showAuthor: boolean;
  picked: ReadonlySet<string>;
  onPick(key: string, version: number, picked: boolean): void;
  canGenerate: boolean;
}

/** A chain of edits: one idea's prompt as it changed, each version against the one before. */
export function PromptChainCard({ chain, showAuthor, picked, onPick, canGenerate }: PromptChainCardProps) {
  const first = chain.versions[0]?.runs.at(-1);
  const count = chain.versions.length;
  return (
    <li
      data-testid="prompt-chain"
      className="overflow-hidden rounded-card border border-border bg-panel shadow-panel"
    >
      <header className="flex flex-wrap items-center gap-x-3 gap-y-1 border-border border-b px-4 py-2.5 text-[12.5px] text-muted">
        <GitBranch aria-hidden className="size-3.5 text-muted-subtle" />
        <span className="font-medium text-foreground">{count === 1 ? "1 version" : `${count} versions`}</span>
        {showAuthor && first?.authorName ? <span>by {first.authorName}</span> : null}
        <span className="ml-auto text-muted-subtle">
          last run {new Date(chain.lastAt).toLocaleDateString(undefined, { dateStyle: "medium" })}
        </span>
      </header>
      <ol className="divide-y divide-border">
        {chain.versions.map((version, i) => {
          const key = versionKey(version);
          return (
            <PromptVersionRow
              key={key}
              version={version}
              number={i + 1}
              previous={chain.versions[i - 1] ?? null}
              picked={picked.has(key)}
              onPick={(on) => onPick(key, i + 1, on)}
              canGenerate={canGenerate}
            />
          );
        })}
      </ol>
    </li>
  );
}
