/**
 * Writes the contract's task schemas as JSON Schema files: `npm run schemas -- [out-dir]`
 * (default `./data/schemas`). The studio also serves them at `/api/schemas`.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { protocolJsonSchemas } from "../lib/protocol/json-schema";

const outDir = path.resolve(process.argv[2] ?? "./data/schemas");
mkdirSync(outDir, { recursive: true });
const schemas = protocolJsonSchemas({ videoModel: process.env.VIDEO_MODEL_ID || undefined });
for (const [taskType, schema] of Object.entries(schemas)) {
  writeFileSync(path.join(outDir, `${taskType}.schema.json`), `${JSON.stringify(schema, null, 2)}\n`);
}
console.info(`Wrote ${Object.keys(schemas).length} schemas to ${outDir}`);
