"use client";

import { Plus, X } from "lucide-react";
import { Button } from "@/components/ui/button";
import { inputClasses } from "@/components/ui/field";
import { Switch } from "@/components/ui/switch";
import { questionNoun } from "@/lib/studio/votes/count-words";
import {
  FOUR,
  MAX_CRITERIA,
  MAX_CRITERION_CHARS,
  MIN_RANKED,
  ranksAtOnce,
} from "@/lib/studio/votes/criteria";

export interface VoteQuestionsDraft {
  criteria: string[];
  fours: boolean;
}

const EXAMPLES = ["Prompt adherence", "Aesthetics", "Artifacts"];

/**
 * What a new vote asks: up to three criteria the owner writes (each pair, or four, is judged on
 * each), none for one overall question; and whether voters rank four at once (`variants` must be
 * four for that: otherwise the switch is off and says why).
 */
export function VoteQuestionsFields({
  idPrefix,
  value,
  onChange,
  variants,
}: {
  idPrefix: string;
  value: VoteQuestionsDraft;
  onChange(next: VoteQuestionsDraft): void;
  variants: number | null;
}) {
  const setCriterion = (k: number, text: string) =>
    onChange({ ...value, criteria: value.criteria.map((c, i) => (i === k ? text : c)) });
  const fourPossible = variants === null || ranksAtOnce(variants);
  // Three variants are ranked together as a set of three; four as a set of four.
  const size = variants === MIN_RANKED ? "three" : "four";
  return (
    <div className="flex flex-col gap-3">
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-1 text-[13px] text-muted">
          Criteria (optional): each{" "}
          {value.fours && fourPossible ? questionNoun("fours", variants ?? FOUR) : "pair"} is judged on each
          one, and each gets its own ranking
        </legend>
        {value.criteria.map((c, k) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: a criterion is its place in the list
          <div key={k} className="flex items-center gap-2">
            <input
              id={`${idPrefix}-criterion-${k}`}
              aria-label={`Criterion ${k + 1}`}
              className={inputClasses}
              maxLength={MAX_CRITERION_CHARS}
              placeholder={EXAMPLES[k]}
              value={c}
              onChange={(e) => setCriterion(k, e.target.value)}
            />
            <Button
              size="sm"
              variant="ghost"
              aria-label={`Remove criterion ${k + 1}`}
              onClick={() => onChange({ ...value, criteria: value.criteria.filter((_, i) => i !== k) })}
            >
              <X aria-hidden />
            </Button>
          </div>
        ))}
        {value.criteria.length < MAX_CRITERIA ? (
          <Button
            size="sm"
            variant="secondary"
            className="w-fit"
            onClick={() => onChange({ ...value, criteria: [...value.criteria, ""] })}
          >
            <Plus aria-hidden /> Add a criterion
          </Button>
        ) : null}
        {value.criteria.length === 0 ? (
          <p className="text-[12px] text-muted-subtle">
            Without criteria voters answer one question: which is better overall.
          </p>
        ) : null}
      </fieldset>
      <div className="flex items-start gap-3">
        <Switch
          id={`${idPrefix}-fours`}
          checked={value.fours && fourPossible}
          disabled={!fourPossible}
          onChange={(fours) => onChange({ ...value, fours })}
          aria-describedby={`${idPrefix}-fours-hint`}
        />
        <div className="flex flex-col gap-0.5">
          <label htmlFor={`${idPrefix}-fours`} className="text-[13px] text-foreground">
            Rank {size} at once
          </label>
          <p id={`${idPrefix}-fours-hint`} className="text-[12px] text-muted">
            {!fourPossible
              ? `Needs ${MIN_RANKED} or ${FOUR} to compare; this vote has ${variants}.`
              : size === "three"
                ? "Voters order the three results best to worst: one answer tells three pairs."
                : "Voters order four results best to worst: one answer tells six pairs."}
          </p>
        </div>
      </div>
    </div>
  );
}

/** The start body's part for these fields: blank criteria left out. */
export function questionsBody(draft: VoteQuestionsDraft): {
  criteria?: string[];
  format?: "pairs" | "fours";
} {
  const criteria = draft.criteria.map((c) => c.trim()).filter((c) => c.length > 0);
  return {
    ...(criteria.length > 0 ? { criteria } : {}),
    ...(draft.fours ? { format: "fours" as const } : {}),
  };
}
