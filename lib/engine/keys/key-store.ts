import "server-only";
import { hash, randomBytes, randomUUID, timingSafeEqual } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import type { ApiKeyRing } from "@/lib/platform/api-keys";
import { writeFileAtomicSync } from "@/lib/platform/atomic-write";
import type { Principal } from "../shared/types";

/**
 * Accounts and their API keys, in `${dataDir}/keys.json`.
 *
 * A key is 32 random bytes (256 bits), shown once as `mse_<base64url>` and stored only as its
 * SHA-256 digest. A fast unsalted hash is the right tool here: salting and slow KDFs (bcrypt,
 * scrypt) protect LOW-entropy secrets such as passwords from dictionary attacks; a 256-bit random
 * key has no dictionary, so a leaked keys.json gives nobody a key, and lookup stays O(1) per
 * request. What is kept in clear: a short visible prefix (to recognise a key in a list).
 *
 * The file is replaced atomically (tmp + rename). Another process (the `engine:keys` CLI) may
 * change it while the engine runs: the store compares the file's identity (inode, size, mtime)
 * with the loaded one and reloads on change, so a revocation takes effect at once. With `watch`
 * (the engine), a file-system watch on the data dir says when to look, and a look happens at
 * least every `RECHECK_MS` in case the watch misses an event; without it (or when the platform
 * cannot watch), every `authenticate` looks. A stat per request would cost the HTTP path ~5 %.
 */

export const KEY_TAG = "mse_";
/** Characters of the key (after the tag) that stay visible in listings. */
const PREFIX_CHARS = 6;
export const DEFAULT_ACCOUNT = "default";
/** Principal of keys from `ENGINE_API_KEYS`: they belong to no stored account. */
export const ENV_ACCOUNT_ID = "env";

export interface Account {
  id: string;
  name: string;
  createdAt: string;
}

export interface StoredKey {
  id: string;
  accountId: string;
  description: string;
  /** `mse_AbC123`: the tag plus the first characters, enough to tell keys apart. */
  prefix: string;
  /** Hex SHA-256 of the whole key string. */
  hash: string;
  createdAt: string;
  revokedAt: string | null;
}

interface KeysFile {
  version: 1;
  accounts: Account[];
  keys: StoredKey[];
}

export interface KeyListing extends Omit<StoredKey, "hash"> {
  accountName: string;
}

export function hashKey(key: string): string {
  // One-shot `crypto.hash` (Node >= 20.12): no Hash object per request.
  return hash("sha256", key, "hex");
}

function emptyFile(): KeysFile {
  return { version: 1, accounts: [], keys: [] };
}

function fileIdentity(file: string): string | null {
  try {
    const st = fs.statSync(file);
    return `${st.ino}:${st.size}:${st.mtimeMs}`;
  } catch {
    return null;
  }
}

export interface KeyStoreOptions {
  /** Keys accepted besides the stored ones (`ENGINE_API_KEYS`). */
  envApiKeys?: readonly string[];
  now?: () => number;
  /** Watch the data dir for changes by other processes instead of checking on every call. */
  watch?: boolean;
}

/** With a watch, the longest time a change by another process can go unnoticed. */
export const RECHECK_MS = 1_000;

export class KeyStore implements ApiKeyRing {
  readonly file: string;
  private data: KeysFile = emptyFile();
  private identity: string | null = null;
  private byHash = new Map<string, StoredKey>();
  private readonly envHashes: Map<string, string>;
  private readonly now: () => number;
  private watcher: fs.FSWatcher | undefined;
  private readonly principals = new Map<string, Principal>();
  private dirty = true;
  private lastCheck = 0;

  constructor(dataDir: string, options: KeyStoreOptions = {}) {
    this.file = path.join(dataDir, "keys.json");
    this.now = options.now ?? Date.now;
    this.envHashes = new Map(
      (options.envApiKeys ?? []).map((k) => [hashKey(k), `env:${hashKey(k).slice(0, 12)}`]),
    );
    this.reload();
    if (options.watch) this.watch(dataDir);
  }

  private watch(dataDir: string): void {
    try {
      fs.mkdirSync(dataDir, { recursive: true });
      const watcher = fs.watch(dataDir, (_event, name) => {
        if (!name || name.startsWith("keys.json")) this.dirty = true;
      });
      watcher.on("error", () => {
        watcher.close();
        this.watcher = undefined;
      });
      watcher.unref();
      this.watcher = watcher;
    } catch {
      this.watcher = undefined;
    }
  }

  /** Re-reads keys.json when another process has replaced it. */
  private refresh(): void {
    const now = Date.now();
    if (this.watcher && !this.dirty && now - this.lastCheck < RECHECK_MS) return;
    this.dirty = false;
    this.lastCheck = now;
    if (fileIdentity(this.file) !== this.identity) this.reload();
  }

  /** Stops watching the data dir. */
  close(): void {
    this.watcher?.close();
    this.watcher = undefined;
  }

  private reload(): void {
    this.identity = fileIdentity(this.file);
    if (this.identity === null) {
      this.data = emptyFile();
    } else {
      let parsed: Partial<KeysFile>;
      try {
        parsed = JSON.parse(fs.readFileSync(this.file, "utf8")) as Partial<KeysFile>;
      } catch (cause) {
        throw new Error(`${this.file} is not valid JSON; fix or remove it.`, { cause });
      }
      this.data = {
        version: 1,
        accounts: Array.isArray(parsed.accounts) ? parsed.accounts : [],
        keys: Array.isArray(parsed.keys) ? parsed.keys : [],
      };
    }
    this.byHash = new Map(this.data.keys.map((k) => [k.hash, k]));
  }

  private save(): void {
    writeFileAtomicSync(this.file, `${JSON.stringify(this.data, null, 2)}\n`, 0o600);
    this.identity = fileIdentity(this.file);
    this.byHash = new Map(this.data.keys.map((k) => [k.hash, k]));
  }

  /** The principal a key stands for, or null for an unknown or revoked key. */
  authenticate(apiKey: string): Principal | null {
    if (apiKey.length === 0 || apiKey.length > 512) return null;
    const digest = hashKey(apiKey);
    const envId = this.envHashes.get(digest);
    if (envId !== undefined) return { accountId: ENV_ACCOUNT_ID, keyId: envId };
    this.refresh();
    const stored = this.byHash.get(digest);
    // The map lookup already matched the digest; the constant-time compare documents that the
    // comparison of secrets-derived values never short-circuits on content.
    if (!stored || !timingSafeEqual(Buffer.from(stored.hash, "hex"), Buffer.from(digest, "hex"))) return null;
    if (stored.revokedAt !== null) return null;
    // One principal object per key, shared by every task record it authenticates.
    let principal = this.principals.get(stored.id);
    if (!principal) {
      principal = { accountId: stored.accountId, keyId: stored.id };
      this.principals.set(stored.id, principal);
    }
    return principal;
  }

  /** True when no key could authenticate: no stored active key and no env key. */
  get isEmpty(): boolean {
    this.refresh();
    return this.envHashes.size === 0 && this.data.keys.every((k) => k.revokedAt !== null);
  }

  private accountNamed(name: string): Account {
    const existing = this.data.accounts.find((a) => a.name === name);
    if (existing) return existing;
    const account = { id: randomUUID(), name, createdAt: new Date(this.now()).toISOString() };
    this.data.accounts.push(account);
    return account;
  }

  /** Creates a key; the returned `key` is the only time the secret exists outside the caller. */
  create(options: { description: string; account?: string }): { key: string; listing: KeyListing } {
    this.refresh();
    const account = this.accountNamed(options.account ?? DEFAULT_ACCOUNT);
    const secret = `${KEY_TAG}${randomBytes(32).toString("base64url")}`;
    const stored: StoredKey = {
      id: randomUUID(),
      accountId: account.id,
      description: options.description,
      prefix: secret.slice(0, KEY_TAG.length + PREFIX_CHARS),
      hash: hashKey(secret),
      createdAt: new Date(this.now()).toISOString(),
      revokedAt: null,
    };
    this.data.keys.push(stored);
    this.save();
    return { key: secret, listing: this.describe(stored) };
  }

  private describe(k: StoredKey): KeyListing {
    const { hash: _hash, ...rest } = k;
    const accountName = this.data.accounts.find((a) => a.id === k.accountId)?.name ?? "(unknown)";
    return { ...rest, accountName };
  }

  list(): KeyListing[] {
    this.refresh();
    return this.data.keys.map((k) => this.describe(k));
  }

  /** Revokes a key by id (or unique id prefix). Returns the key, or null when none matches. */
  revoke(idOrPrefix: string): KeyListing | null {
    this.refresh();
    if (idOrPrefix.length < 4) return null;
    const matches = this.data.keys.filter((k) => k.id === idOrPrefix || k.id.startsWith(idOrPrefix));
    const target = matches.length === 1 ? matches[0] : undefined;
    if (!target) return null;
    if (target.revokedAt === null) {
      target.revokedAt = new Date(this.now()).toISOString();
      this.save();
    }
    return this.describe(target);
  }
}
