import { Badge } from "@/components/ui/badge";
import { promptForPeople } from "@/lib/client/create/prompt-words";
import { type CompareEntry, compareLetter } from "@/lib/studio/compare/compare";
import { type DiffRun, promptDiff, samePrompt } from "@/lib/studio/compare/prompt-diff";

interface PromptDiffsProps {
  entries: CompareEntry[];
  referenceIndex: number;
}

/** The prompts word by word against the reference's, and the negative prompts when any has one. */
export function PromptDiffs({ entries, referenceIndex }: PromptDiffsProps) {
  const negatives = entries.map((e) => textOf(e.params.negativePrompt));
  return (
    <section aria-labelledby="prompt-diff-title" className="flex flex-col gap-4">
      <header className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="prompt-diff-title" className="font-semibold text-base text-foreground">
          What changed in the prompts
        </h2>
        <p className="flex items-center gap-3 text-[12px] text-muted-subtle">
          <span>
            <del className="rounded-sm bg-danger/15 px-1 text-danger-fg">struck</del> only in the reference
          </span>
          <span>
            <ins className="rounded-sm bg-success/15 px-1 text-success-fg no-underline">green</ins> only in
            this item
          </span>
        </p>
      </header>
      <DiffList
        title="Prompt"
        texts={entries.map((e) => promptForPeople(textOf(e.params.positivePrompt)) ?? "")}
        referenceIndex={referenceIndex}
        testId="prompt-diff"
      />
      {negatives.some((n) => n !== "") ? (
        <DiffList
          title="Negative prompt"
          texts={negatives}
          referenceIndex={referenceIndex}
          testId="negative-diff"
        />
      ) : null}
    </section>
  );
}

function DiffList({
  title,
  texts,
  referenceIndex,
  testId,
}: {
  title: string;
  texts: string[];
  referenceIndex: number;
  testId: string;
}) {
  const reference = texts[referenceIndex] ?? "";
  const referenceLetter = compareLetter(referenceIndex);
  return (
    <div className="overflow-hidden rounded-card border border-border bg-panel shadow-panel">
      <h3 className="border-border border-b px-4 py-2.5 font-medium text-[13px] text-muted">{title}</h3>
      <ol aria-label={title} className="divide-y divide-border">
        {texts.map((text, i) => {
          const letter = compareLetter(i);
          const isReference = i === referenceIndex;
          const runs = isReference ? [] : promptDiff(reference, text);
          return (
            <li
              // biome-ignore lint/suspicious/noArrayIndexKey: a column's letter is its place.
              key={i}
              aria-label={`${title} of ${letter}`}
              data-testid={testId}
              data-letter={letter}
              className="grid grid-cols-[2rem_minmax(0,1fr)] gap-3 px-4 py-3"
            >
              <span className="grid size-6 place-items-center rounded-md bg-panel-hover font-semibold text-[12px] text-foreground">
                {letter}
              </span>
              <div className="flex flex-col gap-1.5">
                {isReference ? (
                  <>
                    <Badge tone="accent" className="self-start">
                      Reference
                    </Badge>
                    <p className="whitespace-pre-wrap text-[13.5px] text-foreground leading-relaxed">
                      {text || <span className="text-muted-subtle">None</span>}
                    </p>
                  </>
                ) : samePrompt(runs) ? (
                  <p className="text-[13.5px] text-muted-subtle">
                    {text === "" ? "None, like" : "The same as"} {referenceLetter}.
                  </p>
                ) : (
                  <p className="whitespace-pre-wrap text-[13.5px] text-foreground leading-relaxed">
                    <DiffRuns runs={runs} />
                  </p>
                )}
              </div>
            </li>
          );
        })}
      </ol>
    </div>
  );
}

export function DiffRuns({ runs }: { runs: DiffRun[] }) {
  return runs.map((run, i) =>
    run.kind === "removed" ? (
      // biome-ignore lint/suspicious/noArrayIndexKey: runs are rebuilt whole on every change.
      <del key={i} className="rounded-sm bg-danger/15 px-0.5 text-danger-fg decoration-danger-fg/80">
        {run.text}
      </del>
    ) : run.kind === "added" ? (
      // biome-ignore lint/suspicious/noArrayIndexKey: runs are rebuilt whole on every change.
      <ins key={i} className="rounded-sm bg-success/15 px-0.5 text-success-fg no-underline">
        {run.text}
      </ins>
    ) : (
      // biome-ignore lint/suspicious/noArrayIndexKey: runs are rebuilt whole on every change.
      <span key={i}>{run.text}</span>
    ),
  );
}

function textOf(value: unknown): string {
  return typeof value === "string" ? value : "";
}
