/**
 * API keys of the embedded engine (stored in `${ENGINE_DATA_DIR}/keys.json`, hashed):
 *
 *   npm run engine:keys -- create --description "CI" [--account NAME]   prints the new key ONCE
 *   npm run engine:keys -- list                                          id, account, prefix, state
 *   npm run engine:keys -- revoke <id>                                   takes effect at once, also
 *                                                                        in a running engine
 */
import { parseArgs } from "node:util";
import { parseEngineConfig } from "./config";
import { DEFAULT_ACCOUNT, KeyStore } from "./keys/key-store";

const USAGE = `Usage:
  npm run engine:keys -- create --description "TEXT" [--account NAME]
  npm run engine:keys -- list
  npm run engine:keys -- revoke <key id>

Keys live in $ENGINE_DATA_DIR/keys.json (default ./data/engine), stored as SHA-256 digests:
a created key is printed once and cannot be shown again.`;

export function runKeysCli(argv: string[], env: Record<string, string | undefined>): number {
  const { positionals, values } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      description: { type: "string", short: "d" },
      account: { type: "string", short: "a" },
      help: { type: "boolean", short: "h" },
    },
  });
  const [command, ...rest] = positionals;
  if (values.help || command === undefined) {
    console.info(USAGE);
    return command === undefined && !values.help ? 1 : 0;
  }
  const config = parseEngineConfig(env);
  const store = new KeyStore(config.dataDir);

  switch (command) {
    case "create": {
      const description = values.description?.trim();
      if (!description) {
        console.error('create needs --description "TEXT" (what the key is for).');
        return 1;
      }
      const { key, listing } = store.create({ description, account: values.account ?? DEFAULT_ACCOUNT });
      console.info(
        `Created key ${listing.id} for account "${listing.accountName}" (${listing.description}).`,
      );
      console.info("Copy it now; it is stored hashed and cannot be shown again:\n");
      console.info(`  ${key}\n`);
      return 0;
    }
    case "list": {
      const keys = store.list();
      if (keys.length === 0) {
        console.info(`No keys in ${store.file}.`);
        return 0;
      }
      for (const k of keys) {
        const state = k.revokedAt ? `revoked ${k.revokedAt}` : "active";
        console.info(
          `${k.id}  ${k.prefix}…  account=${k.accountName}  created ${k.createdAt}  ${state}  ${JSON.stringify(k.description)}`,
        );
      }
      return 0;
    }
    case "revoke": {
      const id = rest[0];
      if (!id) {
        console.error("revoke needs the key id (see `list`).");
        return 1;
      }
      const revoked = store.revoke(id);
      if (!revoked) {
        console.error(`No single key matches ${JSON.stringify(id)}.`);
        return 1;
      }
      console.info(`Revoked ${revoked.id} (${revoked.prefix}…, ${JSON.stringify(revoked.description)}).`);
      return 0;
    }
    default:
      console.error(`Unknown command ${JSON.stringify(command)}.\n\n${USAGE}`);
      return 1;
  }
}

// Run only as a script (`tsx lib/engine/keys-cli.ts`), not when imported by a test.
if (process.argv[1] && /keys-cli\.ts$/.test(process.argv[1])) {
  try {
    process.exitCode = runKeysCli(process.argv.slice(2), process.env);
  } catch (err) {
    console.error(err instanceof Error ? err.message : err);
    process.exitCode = 1;
  }
}
