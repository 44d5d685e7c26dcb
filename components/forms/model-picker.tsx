"use client";

import { Check, ChevronsUpDown, Search } from "lucide-react";
import { Popover } from "radix-ui";
import { Fragment, useId, useRef, useState } from "react";
import { cn, focusRing } from "@/components/ui/cn";
import { inputClasses } from "@/components/ui/field";
import { architectureName } from "@/lib/client/create/model-kinds";
import { modelOptions } from "@/lib/client/create/model-options";
import { type ModelInfo, useModelByAir, useModelSearch } from "@/lib/client/create/tools";
import type { ModelCategory } from "@/lib/protocol/utility-tasks";

/** What the search box is searching, in words. */
const CATEGORY_WORDS: Record<ModelCategory, string> = {
  checkpoint: "image models",
  lora: "LoRAs",
  controlnet: "ControlNet models",
  vae: "VAEs",
  embeddings: "embeddings",
};

interface ModelPickerProps {
  id: string;
  value: string | undefined;
  onChange(air: string, model?: ModelInfo): void;
  category: ModelCategory;
  /** The checkpoint's architecture, for an add-on (LoRA, embedding): its family's models come first. */
  forArchitecture?: string | undefined;
  placeholder?: string;
  invalid?: boolean;
  describedBy?: string;
}

/**
 * Chooses a model by searching the service's catalogue (`modelSearch`): type to filter by name,
 * tag or AIR id, arrows and Enter to choose. Any well-formed AIR id typed in full can be used too,
 * since the service runs models that no search lists.
 */
export function ModelPicker({
  id,
  value,
  onChange,
  category,
  forArchitecture,
  placeholder,
  invalid,
  describedBy,
}: ModelPickerProps) {
  const [open, setOpen] = useState(false);
  const [search, setSearch] = useState("");
  const [active, setActive] = useState(0);
  const listId = useId();
  const { data, isFetching, isError } = useModelSearch(search, category, open);
  const { options, headingAt, total } = modelOptions(search, data, category, forArchitecture);
  const known = useModelByAir(value || undefined, category);
  const selected = options.find((o) => o.air === value)?.model ?? known;

  /** The option a pointer pressed, until it is let go. */
  const pressed = useRef<(typeof options)[number] | null>(null);
  const chooseOption = (option: (typeof options)[number]) => {
    onChange(option.air, option.model);
    setOpen(false);
    setSearch("");
  };
  const choose = (index: number) => {
    const option = options[index];
    if (option) chooseOption(option);
  };

  return (
    <Popover.Root open={open} onOpenChange={setOpen}>
      <Popover.Trigger
        id={id}
        aria-invalid={invalid || undefined}
        aria-describedby={describedBy}
        className={cn(inputClasses, "flex h-10 items-center justify-between gap-2 text-left")}
      >
        <ChosenModel value={value} name={selected?.name} placeholder={placeholder} />
        <ChevronsUpDown aria-hidden className="size-4 shrink-0 text-muted" />
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content
          align="start"
          sideOffset={6}
          className="z-50 w-[var(--radix-popover-trigger-width)] min-w-72 rounded-card border border-border-strong bg-panel-raised p-2 shadow-panel"
          onOpenAutoFocus={(e) => {
            e.preventDefault();
            document.getElementById(`${id}-search`)?.focus();
          }}
        >
          <div className="relative">
            <Search
              aria-hidden
              className="pointer-events-none absolute top-2.5 left-2.5 size-4 text-muted-subtle"
            />
            <input
              id={`${id}-search`}
              role="combobox"
              aria-expanded
              aria-controls={listId}
              aria-activedescendant={options[active] ? `${listId}-${active}` : undefined}
              aria-label={`Search ${CATEGORY_WORDS[category]}`}
              placeholder="Search by name, tag or AIR id"
              value={search}
              onChange={(e) => {
                setSearch(e.target.value);
                setActive(0);
              }}
              onKeyDown={(e) => {
                if (e.key === "ArrowDown") {
                  e.preventDefault();
                  setActive((a) => Math.min(options.length - 1, a + 1));
                } else if (e.key === "ArrowUp") {
                  e.preventDefault();
                  setActive((a) => Math.max(0, a - 1));
                } else if (e.key === "Enter") {
                  e.preventDefault();
                  choose(active);
                }
              }}
              className={cn(inputClasses, "h-9 pl-8")}
            />
          </div>
          <div
            id={listId}
            role="listbox"
            aria-label="Models"
            className="mt-2 max-h-72 overflow-y-auto"
            // The option pressed is the one chosen, wherever in the list the pointer is let go:
            // the search may answer between the press and the release and reorder the list
            // under it, and a release over another option than the one pressed made no click.
            // A press taken out of the list is let go of.
            onMouseUp={(e) => {
              const option = pressed.current;
              pressed.current = null;
              if (option && e.button === 0) chooseOption(option);
            }}
            onMouseLeave={() => {
              pressed.current = null;
            }}
          >
            {options.map((o, i) => (
              <Fragment key={o.air}>
                {headingAt(i) ? (
                  <p
                    role="presentation"
                    className="px-2 pt-2 pb-1 font-medium text-[11px] text-muted-subtle uppercase tracking-wider"
                  >
                    {headingAt(i)}
                  </p>
                ) : null}
                {/* biome-ignore lint/a11y/useFocusableInteractive: combobox options stay unfocused; the search box moves through them with aria-activedescendant. */}
                {/* biome-ignore lint/a11y/useKeyWithClickEvents: the search box handles the keys (arrows, Enter) for every option. */}
                <div
                  id={`${listId}-${i}`}
                  role="option"
                  aria-selected={o.air === value}
                  onMouseEnter={() => setActive(i)}
                  // The search box keeps the focus; the option pressed is chosen on release
                  // (the listbox's onMouseUp).
                  onMouseDown={(e) => {
                    e.preventDefault();
                    if (e.button === 0) pressed.current = o;
                  }}
                  // A click no pointer made (a screen reader's, a keyboard's): detail is 0.
                  onClick={(e) => {
                    if (e.detail === 0) chooseOption(o);
                  }}
                  className={cn(
                    "flex cursor-pointer items-start gap-2 rounded-control px-2 py-2",
                    i === active && "bg-panel-hover",
                  )}
                >
                  <ModelOption option={o} chosen={o.air === value} />
                </div>
              </Fragment>
            ))}
          </div>
          <p className={cn("px-2 pt-2 text-[11px] text-muted-subtle", focusRing)} aria-live="polite">
            {searchStatus(isError, isFetching, options.length, total)}
          </p>
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}

/** What the trigger shows: the chosen model's name and AIR id, or the placeholder. */
function ChosenModel({
  value,
  name,
  placeholder,
}: {
  value: string | undefined;
  name: string | undefined;
  placeholder: string | undefined;
}) {
  return (
    <span className="min-w-0 truncate">
      {value ? (
        <>
          <span className="text-foreground">{name ?? value}</span>
          {name !== undefined ? (
            <span className="ml-2 font-mono text-[11px] text-muted-subtle">{value}</span>
          ) : null}
        </>
      ) : (
        <span className="text-muted-subtle">{placeholder ?? "Choose a model"}</span>
      )}
    </span>
  );
}

/** One model in the list: its name, AIR id and family, and its first tags; a typed AIR id says it will be used. */
function ModelOption({ option, chosen }: { option: { air: string; model?: ModelInfo }; chosen: boolean }) {
  return (
    <>
      <Check aria-hidden className={cn("mt-0.5 size-4 shrink-0 text-accent-fg", !chosen && "invisible")} />
      <span className="min-w-0">
        <span className="block truncate text-[13px] text-foreground">
          {option.model?.name ?? `Use ${option.air}`}
        </span>
        <span className="block truncate font-mono text-[11px] text-muted-subtle">
          {option.air}
          {option.model ? ` · ${architectureName(option.model.architecture)}` : ""}
        </span>
        {option.model?.tags.length ? (
          <span className="mt-1 flex flex-wrap gap-1">
            {option.model.tags.slice(0, 4).map((t) => (
              <span key={t} className="rounded bg-panel px-1.5 py-px text-[10px] text-muted">
                {t}
              </span>
            ))}
          </span>
        ) : null}
      </span>
    </>
  );
}

function searchStatus(failed: boolean, searching: boolean, shown: number, total: number): string {
  if (failed) return "The model search failed; type a full AIR id (such as runware:100@1) to use it.";
  if (searching) return "Searching…";
  if (shown === 0) return "No models match. Type a full AIR id to use any model.";
  return `${total} ${total === 1 ? "model" : "models"}`;
}
