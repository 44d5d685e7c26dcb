import { cn } from "@/components/ui/cn";
import { inputClasses } from "@/components/ui/field";

/** A labelled date input of the filter bar ("Made from", "Made until"). */
export function DateField({
  label,
  value,
  min,
  max,
  onChange,
}: {
  label: string;
  value: string | undefined;
  min?: string | undefined;
  max?: string | undefined;
  onChange(value: string): void;
}) {
  return (
    <label className="inline-flex items-center gap-1.5 text-[12px] text-muted">
      {label}
      <input
        type="date"
        value={value ?? ""}
        min={min}
        max={max}
        onChange={(e) => onChange(e.target.value)}
        className={cn(inputClasses, "h-8 w-36 px-2 text-[12.5px] [color-scheme:dark]")}
      />
    </label>
  );
}
