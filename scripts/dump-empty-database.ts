// `npm run build`, last: dumps an empty embedded database for the PGlite installed into `.build/`,
// which a studio's first start loads rather than running initdb (lib/server/db/embedded/new-database.ts
// names the file, writes it and reads it).
import path from "node:path";
import { dumpEmptyDatabase, pgliteVersion } from "../lib/server/db/embedded/new-database";

const file = await dumpEmptyDatabase();
console.info(
  `Dumped an empty embedded database (PGlite ${pgliteVersion()}) into ${path.relative(process.cwd(), file)}`,
);
