/**
 * Writes lib/studio/api/address-table.ts, the browser's table of the studio's endpoints (see
 * lib/studio/api/addresses.ts), from their declarations: `npm run api:addresses` after adding or
 * changing an endpoint. lib/studio/api/addresses.test.ts fails until it is run.
 */
import path from "node:path";
import { api } from "../lib/studio/api";
import { addressTableOf } from "../lib/studio/api/addresses";
import { ROOT, writeGenerated } from "./write-generated";

const FILE = path.join(ROOT, "lib", "studio", "api", "address-table.ts");

const text = `// Written by \`npm run api:addresses\` from the declarations in lib/studio/api: run it again
// rather than edit this file. Each endpoint's method, path and the resources it makes stale.
export const ADDRESS_TABLE = ${JSON.stringify(addressTableOf(api), null, 2)} as const;
`;
writeGenerated(FILE, text);
