import { cn } from "@/components/ui/cn";
import { formatParamValue, paramDiff, sameValue } from "@/lib/client/compare/param-diff";
import { type CompareEntry, compareLetter } from "@/lib/studio/compare/compare";

/** Shown above as word-level diffs, or told by the media itself: not rows of the table. */
const SHOWN_ELSEWHERE = ["positivePrompt", "negativePrompt", "taskType"];

interface ParamTableProps {
  entries: CompareEntry[];
  referenceIndex: number;
}

/** Only the settings that differ: a row per setting, a column per item; cells unlike the reference stand out. */
export function ParamTable({ entries, referenceIndex }: ParamTableProps) {
  const rows = paramDiff(
    entries.map((e) => e.params),
    { omit: SHOWN_ELSEWHERE },
  );
  return (
    <section aria-labelledby="param-diff-title" className="flex flex-col gap-4">
      <h2 id="param-diff-title" className="font-semibold text-base text-foreground">
        Settings that differ
      </h2>
      {rows.length === 0 ? (
        <p className="rounded-card border border-border bg-panel px-4 py-3 text-[13px] text-muted shadow-panel">
          No other differences: every other setting is the same.
        </p>
      ) : (
        <div className="overflow-x-auto rounded-card border border-border bg-panel shadow-panel">
          <table aria-labelledby="param-diff-title" className="w-full table-fixed text-left text-[13px]">
            <colgroup>
              <col className="w-[28%]" />
            </colgroup>
            <thead>
              <tr className="border-border border-b text-muted">
                <th scope="col" className="px-4 py-2.5 font-medium">
                  Setting
                </th>
                {entries.map((entry, i) => (
                  <th key={entry.item.id} scope="col" className="px-4 py-2.5 font-medium">
                    {compareLetter(i)}
                    {i === referenceIndex ? <span className="ml-1.5 text-accent-fg">(reference)</span> : null}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody className="divide-y divide-border">
              {rows.map((row) => (
                <tr key={row.path}>
                  <th scope="row" className="px-4 py-2.5 font-normal text-muted">
                    {row.label}
                  </th>
                  {row.values.map((value, i) => {
                    const differs = i !== referenceIndex && !sameValue(value, row.values[referenceIndex]);
                    return (
                      <td
                        // biome-ignore lint/suspicious/noArrayIndexKey: a column's letter is its place.
                        key={i}
                        className={cn(
                          "break-all px-4 py-2.5 font-mono text-[12.5px]",
                          differs ? "text-accent-fg" : "text-foreground",
                          value === undefined && "text-muted-subtle",
                        )}
                      >
                        {formatParamValue(value)}
                      </td>
                    );
                  })}
                </tr>
              ))}
            </tbody>
          </table>
          <p className="border-border border-t px-4 py-2.5 text-[12px] text-muted-subtle">
            No other differences: every other setting is the same.
          </p>
        </div>
      )}
    </section>
  );
}
