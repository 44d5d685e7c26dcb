"use client";

import { ExternalLink, Images, Trash2 } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { Button, ButtonLink } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import Link from "@/components/ui/link";
import { useCan } from "@/lib/client/auth/member-role";
import { useCreateStore } from "@/lib/client/create/drafts";
import { promptForPeople } from "@/lib/client/create/prompt-words";
import { type RecallPart, recallHref } from "@/lib/client/create/recall-links";
import { isInFlight, useTaskViews } from "@/lib/client/create/use-task-views";
import { useReducedMotion } from "@/lib/client/shell/reduced-motion";
import type { GalleryItem, TaskView } from "@/lib/studio/items/gallery-item";
import { usd } from "@/lib/studio/spend/money";
import { ModelName } from "./model-name";
import { NewResultsPill } from "./new-results-pill";
import { FailedTile, PendingTile, ResultMedia } from "./result-tile";

interface ResultStripProps {
  slug: string;
  onRecall(task: TaskView, part: RecallPart, item: GalleryItem): void;
  onRetry(task: TaskView): void;
  onResend(params: Record<string, unknown>): Promise<unknown>;
}

function useNow(active: boolean): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!active) return;
    const t = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(t);
  }, [active]);
  return now;
}

/** The results of what this page sent, newest first; each appears the moment it completes. */
export function ResultStrip({ slug, onRecall, onRetry, onResend }: ResultStripProps) {
  const sent = useCreateStore((s) => s.sent[slug]) ?? [];
  const clearSent = useCreateStore((s) => s.clearSent);
  const tasks = useTaskViews(sent);
  const now = useNow(tasks.some(isInFlight));
  const [open, setOpen] = useState<{ item: GalleryItem; task: TaskView } | null>(null);
  const section = useRef<HTMLElement>(null);
  const finished = tasks.reduce((n, t) => n + t.items.length, 0);
  const canGenerate = useCan("generate");

  return (
    <section
      ref={section}
      aria-labelledby="results-heading"
      className="@container flex min-w-0 scroll-mt-20 flex-col gap-3 lg:scroll-mt-0"
      data-testid="result-strip"
    >
      <div className="flex items-center justify-between gap-2">
        <h2 id="results-heading" className="font-semibold text-[15px] text-foreground">
          Results
        </h2>
        {tasks.length > 0 ? (
          <Button
            size="sm"
            variant="ghost"
            onClick={() => clearSent(slug)}
            title="Clear this list (results stay in the gallery)"
          >
            <Trash2 aria-hidden />
            Clear
          </Button>
        ) : null}
      </div>
      {tasks.length === 0 ? (
        <div className="grid min-h-64 place-items-center rounded-panel border border-border border-dashed bg-panel/40 p-8 text-center">
          <div className="flex max-w-xs flex-col items-center gap-3">
            <span className="grid size-11 place-items-center rounded-full border border-border-strong bg-panel-raised text-muted">
              <Images aria-hidden className="size-5" />
            </span>
            {canGenerate ? (
              <>
                <p className="font-medium text-[14px] text-foreground">Your results appear here</p>
                <p className="text-[13px] text-muted leading-relaxed">
                  Fill in the form and press Generate (<kbd className="font-mono text-[12px]">Ctrl</kbd>+
                  <kbd className="font-mono text-[12px]">Enter</kbd>). Every result is also kept in the{" "}
                  <Link href="/gallery" className="text-accent-fg underline-offset-2 hover:underline">
                    gallery
                  </Link>
                  .
                </p>
              </>
            ) : (
              <>
                <p className="font-medium text-[14px] text-foreground">Nothing is made here with your role</p>
                <p className="text-[13px] text-muted leading-relaxed">
                  You can read how each setting works. What the team makes is in the{" "}
                  <Link href="/gallery" className="text-accent-fg underline-offset-2 hover:underline">
                    gallery
                  </Link>
                  .
                </p>
              </>
            )}
          </div>
        </div>
      ) : (
        <ul className="grid grid-cols-2 gap-3 @3xl:grid-cols-3 @5xl:grid-cols-4" aria-live="polite">
          {tasks.flatMap((task) => {
            const tiles = task.items.map((item) => (
              <li key={item.id}>
                <ResultMedia item={item} onOpen={(i) => setOpen({ item: i, task })} />
              </li>
            ));
            if (task.status === "error") {
              tiles.push(
                <li key={`${task.taskUUID}-error`}>
                  <FailedTile task={task} onRetry={onRetry} onResend={onResend} />
                </li>,
              );
            } else if (isInFlight(task)) {
              for (let i = task.items.length; i < task.itemCount; i++) {
                tiles.push(
                  <li key={`${task.taskUUID}-${i}`}>
                    <PendingTile task={task} now={now} />
                  </li>,
                );
              }
            }
            return tiles;
          })}
        </ul>
      )}
      <NewResultsPill target={section} count={finished} />
      {open ? (
        <ResultDialog
          item={open.item}
          task={open.task}
          onClose={() => setOpen(null)}
          onRecall={(part) => {
            onRecall(open.task, part, open.item);
            setOpen(null);
          }}
        />
      ) : null}
    </section>
  );
}

function ResultDialog({
  item,
  task,
  onClose,
  onRecall,
}: {
  item: GalleryItem;
  task: TaskView;
  onClose(): void;
  onRecall(part: RecallPart): void;
}) {
  const prompt = promptForPeople(item.prompt);
  // Asked for less motion, the clip waits for its play button rather than starting by itself.
  const reduced = useReducedMotion();
  const rows: [string, string | number | null][] = [
    ["Size", item.width && item.height ? `${item.width} × ${item.height}` : null],
    ["Seed", item.seed],
    ["Duration", item.durationSeconds ? `${item.durationSeconds.toFixed(1)} s` : null],
    ["Cost", item.cost === null ? null : usd(item.cost)],
  ];
  return (
    <Dialog
      open
      onOpenChange={(o) => !o && onClose()}
      title="Result"
      className="w-[min(64rem,calc(100vw-2rem))]"
    >
      <div className="grid gap-5 md:grid-cols-[1fr_16rem]">
        <div className="grid place-items-center rounded-card bg-surface-sunken">
          {item.kind === "image" ? (
            // biome-ignore lint/performance/noImgElement: studio media is served by our own route.
            <img
              src={item.url}
              alt={prompt ?? "Result"}
              width={item.width ?? undefined}
              height={item.height ?? undefined}
              className="h-auto max-h-[65dvh] w-auto max-w-full"
            />
          ) : (
            // biome-ignore lint/a11y/useMediaCaption: generated clips have no captions to offer.
            <video
              src={item.url}
              controls
              autoPlay={!reduced}
              loop
              className="h-auto max-h-[65dvh] w-auto max-w-full"
            />
          )}
        </div>
        <div className="flex flex-col gap-4 text-[13px]">
          {prompt ? <p className="text-foreground leading-relaxed">{prompt}</p> : null}
          <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1.5">
            {item.model ? (
              <div className="contents">
                <dt className="text-muted-subtle">Model</dt>
                <dd className="min-w-0 text-[12px]">
                  <ModelName air={item.model} testId="result-model" />
                </dd>
              </div>
            ) : null}
            {rows
              .filter(([, v]) => v !== null && v !== "")
              .map(([k, v]) => (
                <div key={k} className="contents">
                  <dt className="text-muted-subtle">{k}</dt>
                  <dd className="truncate font-mono text-[12px] text-foreground">{v}</dd>
                </div>
              ))}
          </dl>
          <div className="flex flex-col gap-2">
            <p className="font-medium text-[12px] text-muted uppercase tracking-wide">Use in this form</p>
            <div className="grid grid-cols-2 gap-2">
              <Button size="sm" variant="primary" onClick={() => onRecall("all")}>
                Use all
              </Button>
              <Button size="sm" onClick={() => onRecall("seed")} disabled={!item.seed}>
                Seed
              </Button>
              <Button size="sm" onClick={() => onRecall("prompt")}>
                Prompt
              </Button>
              <Button size="sm" onClick={() => onRecall("size")}>
                Size
              </Button>
            </div>
            {item.kind === "image" ? (
              <ButtonLink size="sm" variant="ghost" href={`/create/image-to-image?input=${item.mediaUUID}`}>
                Use as input image
              </ButtonLink>
            ) : null}
            <ButtonLink size="sm" variant="ghost" href={recallHref(task, "all", item.seed)}>
              Open in its workflow
            </ButtonLink>
            <a
              href={item.url}
              target="_blank"
              rel="noreferrer"
              className="inline-flex items-center gap-1.5 text-[12px] text-muted hover:text-foreground"
            >
              <ExternalLink aria-hidden className="size-3.5" />
              Open the file
            </a>
          </div>
        </div>
      </div>
    </Dialog>
  );
}
