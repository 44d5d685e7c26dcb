import type { FieldErrors, FieldValues, Resolver } from "react-hook-form";
import { inWords, onFieldWords } from "@/lib/client/create/field-labels";
import { type ProtocolOptions, parseTask, type ServiceError } from "@/lib/protocol";
import { buildTask, parseExtraJson } from "./task-values";

export const ROOT_ERROR = "root.task";

/**
 * Sets `message` at a dotted path of react-hook-form's error tree (`lora.0.weight`), creating the
 * arrays and objects on the way, as react-hook-form's own resolvers do.
 */
function setAt(errors: Record<string, unknown>, path: string, error: { type: string; message: string }) {
  const parts = path.split(".");
  let node: Record<string, unknown> = errors;
  for (const [i, part] of parts.entries()) {
    if (i === parts.length - 1) {
      if (!node[part]) node[part] = error;
      return;
    }
    const next = parts[i + 1] ?? "";
    if (!node[part] || typeof node[part] !== "object")
      node[part] = /^\d+$/.test(next) ? [] : ({} as Record<string, unknown>);
    node = node[part] as Record<string, unknown>;
  }
}

/**
 * An error's words on the field it names. The contract says "Missing required parameter
 * 'lora.0.model' (string)."; beside a labelled field the path and type add nothing, so it reads
 * "Required." (keeping the allowed values an enum lists). Every other message keeps its meaning,
 * with the fields it names in their labels' words.
 */
export function fieldMessage(e: ServiceError): string {
  const missing = /^Missing required parameter \S+?(?: \([^)]*\))?(:.*)?\.?$/.exec(e.message);
  if (!missing) return onFieldWords(e.message);
  return missing[1] ? `Required${missing[1].replace(/\.$/, "")}.` : REQUIRED;
}

/** What a field without its required value says (see `fieldMessage`). */
export const REQUIRED = "Required.";

/**
 * Where an error shows: on the field its `parameter` names when the form has that field (or an
 * ancestor of it, as for `outpaint` as a whole), otherwise above the Generate button.
 */
export function errorTree(
  errors: readonly ServiceError[],
  fields: readonly string[],
  extraKeys: readonly string[] = [],
): { tree: Record<string, unknown>; unplaced: ServiceError[] } {
  const tree: Record<string, unknown> = {};
  const unplaced: ServiceError[] = [];
  for (const e of errors) {
    const p = e.parameter;
    const error = { type: e.code, message: inWords(e.message) };
    const root = p?.split(".")[0];
    // A key typed in the raw JSON editor is that editor's error, even when a field shares its name.
    if (root && extraKeys.includes(root)) setAt(tree, "extraJson", error);
    else if (p && fields.some((f) => p === f || p.startsWith(`${f}.`)))
      setAt(tree, p, { type: e.code, message: fieldMessage(e) });
    else unplaced.push(e);
  }
  return { tree, unplaced };
}

/**
 * The form's resolver: the values become the task that would be sent, and the contract's own
 * parser (lib/protocol, the one the server and the engine run) judges it. A form can therefore
 * never accept what the server refuses, and the messages are the server's words.
 */
export function taskResolver<T extends FieldValues>(
  taskType: "imageInference" | "videoInference",
  fields: () => readonly string[],
  options: ProtocolOptions = {},
): Resolver<T> {
  return async (values) => {
    const extra = parseExtraJson(values.extraJson as string | undefined);
    if (!extra.ok) {
      return {
        values: {},
        errors: { extraJson: { type: "invalidJson", message: extra.message } } as unknown as FieldErrors<T>,
      };
    }
    const task = buildTask(taskType, values, { extra: extra.value });
    const outcome = parseTask(task, options);
    if (outcome.ok) return { values, errors: {} };
    const { tree, unplaced } = errorTree(outcome.errors, fields(), Object.keys(extra.value));
    if (unplaced.length > 0) {
      setAt(tree, ROOT_ERROR, {
        type: unplaced[0]?.code ?? "invalid",
        message: unplaced.map((e) => inWords(e.message)).join(" "),
      });
    }
    return { values: {}, errors: tree as FieldErrors<T> };
  };
}
