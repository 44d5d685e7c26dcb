import "server-only";
import type { ApiKeyRing } from "@/lib/platform/api-keys";
import { DEFAULT_VIDEO_MODEL } from "@/lib/protocol/video-inference";
import { type OpenedDatabase, openDatabase } from "@/lib/server/db";
import { studioMetrics } from "@/lib/server/ops/metrics";
import { type MediaStorage, openMediaStorage } from "@/lib/server/storage";
import { createUpstreamClient, type UpstreamClient, upstreamConfigFromEnv } from "@/lib/upstream";
import { startApprovalDigest } from "./approvals/digest";
import { AccessTokens } from "./auth/access-tokens";
import { type AccountChange, AccountChanges } from "./auth/account-changes";
import type { TokenGate } from "./auth/caller";
import { createAuth, type StudioAuth } from "./auth/create-auth";
import type { Gate } from "./auth/guard";
import { PasswordResets } from "./auth/password-resets";
import { authSecret } from "./auth/secret";
import { SessionCache } from "./auth/session-cache";
import { shareSessions } from "./auth/shared-sessions";
import { SignInLimit } from "./auth/sign-in-limit";
import { Team } from "./auth/team";
import { type StudioEnv, studioEnv } from "./config/env";
import { ExperimentRunner } from "./experiments/runner";
import { keepResults } from "./keep-results";
import { LimitSettings } from "./limits/limit-settings";
import { ToolQueue } from "./limits/tool-queue";
import { startNotifications } from "./notifications/start";
import { startTrashSweep } from "./organize/trash";
import { withdrawCancelled } from "./queue/experiment-steering";
import { announceQueue, endCancelled } from "./queue/queue-handlers";
import { databaseRateLimits, type RateLimits } from "./rate-limits";
import type { ResultKeeper } from "./results/keeper";
import { StudioRefs } from "./results/studio-refs";
import { TaskLeases } from "./results/task-leases";
import { webhookToken } from "./results/webhook-token";
import { Budgets } from "./spend/budgets";
import { EventLog } from "./stream/event-log";
import { DatabaseEventStore } from "./stream/event-store";
import { type SubmitDeps, submitTasks } from "./tasks/submit";

/**
 * Everything the studio's server holds for the life of the process: the database, accounts, media
 * storage, the client of the service and the keeper of its results, the relay's event log and,
 * when embedded, the engine's key store.
 *
 * `server.ts` starts it once. Route Handlers are bundled by Next.js apart from `server.ts`, so a
 * module-level variable would be a second, empty copy there: the runtime lives on `globalThis`
 * under a registered symbol, which both copies share.
 */
export interface StudioRuntime {
  env: StudioEnv;
  database: OpenedDatabase;
  auth: StudioAuth;
  /** What every Route Handler's checks use: accounts, the session cache, the public URL. */
  gate: Gate & { sessions: SessionCache; tokens: TokenGate };
  /** Members' personal access tokens: made and revoked in Settings, verified on Bearer requests. */
  tokens: AccessTokens;
  team: Team;
  /** Sessions ending and roles changing, as they happen (the relay closes sockets on them). */
  accountChanges: AccountChanges;
  /** Owners' single-use password reset links. */
  resets: PasswordResets;
  /** Sign-in attempts per account and per client address. */
  signInLimit: SignInLimit;
  /** Every request budget (tokens, guests' comments and votes, uploads), shared through the database. */
  rateLimits: RateLimits;
  log: EventLog;
  storage: MediaStorage;
  upstream: UpstreamClient;
  keeper: ResultKeeper;
  /**
   * This instance's leases on tasks in flight (its id is `leases.holder`); none with the embedded
   * database, which one process holds alone (its keeper watches every task in flight itself).
   */
  leases: TaskLeases | null;
  /** What `submitTasks` needs, assembled once. */
  submit: SubmitDeps;
  /** The owner's caps on generation (Settings > Limits). */
  limits: LimitSettings;
  /** Sends experiments' cells and marks them as their tasks finish. */
  experiments: ExperimentRunner;
  /** Image tools run through it, a few at a time. */
  tools: ToolQueue;
  /** The owner's monthly budgets, checked before any task is sent. */
  budgets: Budgets;
  /** Signs webhook URLs (same secret as the session cookies). */
  secret: string;
  videoModel: string;
  /** The embedded engine's API keys (settings page); null with a real upstream. */
  engineKeys: ApiKeyRing | null;
  /**
   * How many tasks the service works on at once when known (`SERVICE_PARALLELISM`, else the
   * embedded engine's own); null when nobody said.
   */
  serviceParallelism: number | null;
  /**
   * The studio is stopping: tasks waiting their turn stay recorded `queued` (the next start sends
   * them) rather than go to a service that is closing too.
   */
  stopSending(): void;
  close(): Promise<void>;
}

export interface RuntimeDeps {
  engineKeys?: ApiKeyRing | null;
  /** The key the studio uses with the embedded engine (made by server.ts for this process). */
  engineKey?: string;
  /** How many tasks the embedded engine works on at once. */
  engineParallelism?: number;
  /** Called once if the embedded database's thread ends by itself (server.ts ends the process). */
  onDatabaseLost?: (err: Error) => void;
}

const KEY = Symbol.for("media-studio.runtime");
type Holder = { [KEY]?: Promise<StudioRuntime> };
const holder = globalThis as Holder;

async function buildRuntime(deps: RuntimeDeps): Promise<StudioRuntime> {
  const env = studioEnv();
  const queries = studioMetrics().dbQueries;
  const database = await openDatabase(env, {
    onQuery: () => queries.inc(),
    ...(deps.onDatabaseLost ? { onLost: deps.onDatabaseLost } : {}),
  });
  const db = database.db;
  const { secret, auth, rateLimits, tokens, gate, accountChanges, shared, changed, team } =
    await openAccounts(env, database);
  // Events go through the database, so a browser on any studio process sees them all.
  const log = new EventLog({ store: new DatabaseEventStore(database) });
  await log.start();
  const notifications = startNotifications({ env, db, log });
  const storage = openMediaStorage(env);
  const upstreamConfig = upstreamConfigFromEnv(env, deps.engineKey);
  const upstream = createUpstreamClient(upstreamConfig);
  // Which tasks in flight this instance watches, among the studios sharing the database (the
  // embedded database has one process: nobody to share with, and two writes per task saved).
  const leases = database.kind === "pglite" ? null : new TaskLeases(db);
  const webhookFor = webhookAddresses(env.STUDIO_URL, secret);
  const refs = new StudioRefs(db, storage, upstream);
  const limits = new LimitSettings(db);
  await limits.load();
  const {
    queue,
    keeper,
    gate: sendCheck,
  } = keepResults({
    db,
    leases,
    storage,
    upstream,
    log,
    limits,
    upstreamOrigin: [new URL(upstreamConfig.httpUrl).origin, ...env.UPSTREAM_MEDIA_ORIGINS],
    rebuild: { storage, refs, ...(webhookFor ? { webhookFor } : {}) },
  });
  const videoModel = env.VIDEO_MODEL_ID ?? DEFAULT_VIDEO_MODEL;
  const budgets = new Budgets(db, env.embedded);
  const submit: SubmitDeps = {
    limits: () => limits.current(),
    budgets,
    queue,
    db,
    storage,
    upstream,
    keeper,
    gate: sendCheck,
    refs,
    videoModel,
    // Every open drawer of the team shows a task that waits as it arrives.
    waitingAdded: (author) => announceQueue(log, author),
    ...(leases ? { leases } : {}),
    ...(webhookFor ? { webhookFor } : {}),
  };
  const experiments = experimentRunner({ db, submit, limits, log, keeper });
  keeper.onFinished(
    (_author, taskUUID, ended) => void experiments.taskEnded(taskUUID, ended).catch(() => {}),
  );
  // A cell delivered by the service is no longer in flight there: the next goes while it is kept.
  keeper.onDelivered((_author, taskUUID) => void experiments.taskDelivered(taskUUID).catch(() => {}));
  await keeper.start();
  // Items trashed more than TRASH_DAYS ago are deleted for good: once now, then hourly.
  const stopTrashSweep = startTrashSweep({ db, log, storage });
  // Review requests due or overdue: one digest a day, sent by whichever studio claims the day.
  const stopApprovalDigest = startApprovalDigest({ db, log });
  await experiments.start();
  return {
    env,
    database,
    auth,
    gate,
    team,
    tokens,
    accountChanges,
    resets: new PasswordResets(db, auth, Date.now, (userId) => changed({ kind: "sessionsEnded", userId })),
    signInLimit: new SignInLimit(rateLimits),
    rateLimits,
    log,
    storage,
    upstream,
    keeper,
    leases,
    submit,
    limits,
    experiments,
    tools: new ToolQueue(),
    budgets,
    secret,
    videoModel,
    engineKeys: deps.engineKeys ?? null,
    serviceParallelism: env.SERVICE_PARALLELISM ?? deps.engineParallelism ?? null,
    stopSending: () => queue.pause(),
    async close() {
      queue.pause();
      stopTrashSweep();
      stopApprovalDigest();
      notifications.close();
      experiments.close();
      await keeper.close();
      await upstream.close();
      await log.close();
      await shared.close();
      await database.close();
    },
  };
}

/** Accounts, sessions and tokens, and how a change to them reaches this process and the others. */
async function openAccounts(env: StudioEnv, database: OpenedDatabase) {
  const db = database.db;
  const secret = authSecret(env.AUTH_SECRET, env.dataDir);
  const auth = createAuth(db, { secret, baseURL: env.STUDIO_URL });
  const rateLimits = databaseRateLimits(db, secret);
  const tokens = new AccessTokens(db, rateLimits);
  const gate = { auth, sessions: new SessionCache(), publicUrl: env.STUDIO_URL, tokens };
  const accountChanges = new AccountChanges();
  // Each process forgets its own cache on a change; shared tells the others of changes made here.
  accountChanges.subscribe(() => gate.sessions.forget());
  const shared = await shareSessions({ database, sessions: gate.sessions, accountChanges });
  const changed = (change: AccountChange) => {
    accountChanges.emit(change);
    shared.announce(change);
  };
  const team = new Team(db, auth, Date.now, changed);
  return { secret, auth, rateLimits, tokens, gate, accountChanges, shared, changed, team };
}

/** The service can only call back to an address it can reach: the studio's public one. */
function webhookAddresses(studioUrl: string | undefined, secret: string) {
  return studioUrl
    ? (taskUUID: string) => new URL(`/api/webhooks/${webhookToken(secret, taskUUID)}`, studioUrl).toString()
    : undefined;
}

/** Sends experiments' cells through the studio's own submit path, as their authors. */
function experimentRunner(o: {
  db: OpenedDatabase["db"];
  submit: SubmitDeps;
  limits: LimitSettings;
  log: EventLog;
  keeper: ResultKeeper;
}): ExperimentRunner {
  const { db, keeper, log } = o;
  return new ExperimentRunner({
    db,
    submit: (author, tasks) => submitTasks(o.submit, author, tasks),
    perRequest: () => o.limits.current().tasksPerRequest,
    withdraw: async (taskUUIDs) => endCancelled({ keeper }, await withdrawCancelled(db, taskUUIDs)),
    publish: (experimentId, cells, ended) =>
      log.publishGallery({
        kind: "experiment",
        experimentId,
        ...(cells ? { cells } : {}),
        ...(ended ? { ended } : {}),
      }),
  });
}

/** Starts the runtime once per process (server.ts); later calls answer the same one. */
export function startRuntime(deps: RuntimeDeps = {}): Promise<StudioRuntime> {
  holder[KEY] ??= buildRuntime(deps);
  return holder[KEY];
}

/** The process's runtime; started on first use when the process was not started by server.ts. */
export function getRuntime(): Promise<StudioRuntime> {
  return holder[KEY] ?? startRuntime();
}
