/**
 * The kinds of field a provider form is made of, and what describes one provider's form. The
 * descriptions themselves are in `provider-fields.ts` (and `provider-ideogram-form.ts` for P5).
 */
import type { PROVIDER_KEYS } from "@/lib/protocol/provider-settings";

export type ProviderCode = keyof typeof PROVIDER_KEYS;
export type ProviderKey = (typeof PROVIDER_KEYS)[ProviderCode];

interface FieldBase {
  name: string;
  label: string;
  hint?: string;
}

export type ProviderField =
  | (FieldBase & { kind: "switch"; fallback: boolean })
  | (FieldBase & {
      kind: "select";
      options: readonly string[];
      /** Readable names for options whose value says little on its own. */
      optionLabels?: Readonly<Record<string, string>>;
      /** Show enum names as words ("80s illustration"), for long lists read by eye. */
      humanize?: boolean;
      fallback?: string;
    })
  | (FieldBase & { kind: "integer"; min: number; max: number; fallback?: number })
  | (FieldBase & { kind: "text"; placeholder?: string })
  | (FieldBase & { kind: "images"; max: number })
  | (FieldBase & { kind: "colorPalette" });

export interface ProviderForm {
  code: ProviderCode;
  key: ProviderKey;
  label: string;
  about: string;
  fields: readonly ProviderField[];
}

/** "80S_ILLUSTRATION" → "80s illustration", "high_control" → "High control". */
export function humanizeEnum(value: string): string {
  const words = value.toLowerCase().replace(/_/g, " ");
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** The caveat several P5 fields share. */
export const THREE_ONLY = "3.0-generation models only.";
