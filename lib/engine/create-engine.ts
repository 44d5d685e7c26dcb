import "server-only";
import { availableParallelism } from "node:os";
import type { NetworkOptions } from "@/lib/platform/net/guarded-fetch";
import type { EngineConfig } from "./config";
import { Core } from "./core/engine-core";
import { FaultInjector } from "./core/faults";
import { createHttpHandler } from "./http/handler";
import { originOf } from "./http/respond";
import { KeyStore } from "./keys/key-store";
import { buildCatalog } from "./models/catalog";
import { uploadResult } from "./net/upload";
import { createWebhookSender, type WebhookSender } from "./net/webhooks";
import { MediaInputs } from "./processors/media-inputs";
import { createDefaultRenderer } from "./render/default-renderer";
import { createPacedRenderer } from "./render/paced-renderer";
import type { Renderer } from "./render/renderer";
import { type Clock, systemClock } from "./shared/clock";
import type { Engine, EngineCore } from "./shared/types";
import { AcceptedTasks } from "./store/accepted-tasks";
import { MediaStore } from "./store/media-store";
import { TaskStore } from "./store/task-store";
import { createWsServer } from "./ws";

/**
 * Builds the embedded engine over `config.dataDir`: keys, task journal and media store, the core,
 * and its HTTP and WebSocket faces. Never listens (docs/conventions.md, "The service built apart from started"): `server.ts` and
 * `lib/engine/cli.ts` mount the handlers; tests build it in-process.
 */

export interface EngineDeps {
  clock?: Clock;
  renderer?: Renderer;
  /** Resolver / address policy for every outbound request (tests); allowPrivate comes from config. */
  network?: Omit<NetworkOptions, "allowPrivate">;
  webhooks?: WebhookSender;
  upload?: typeof uploadResult;
  /** Origin for media URLs when a result has no request to take it from (default: last seen Host). */
  publicBaseUrl?: string;
  bodyLimitBytes?: number;
  /** Gives media URLs a capability beside the UUID (see `MediaStoreOptions`); the studio sets it. */
  mediaLinkKey?: Uint8Array;
  /** How often expired media and task records are swept (default 10 min). */
  sweepIntervalMs?: number;
}

export interface EmbeddedEngine extends Engine {
  readonly core: EngineCore;
  readonly keys: KeyStore;
  readonly tasks: TaskStore;
  readonly media: MediaStore;
  /**
   * How many tasks it works on at once: the pace's `parallel` when paced, else a render thread per
   * core (the pool renderer's default).
   */
  readonly parallelism: number;
}

export function createEngine(config: EngineConfig, deps: EngineDeps = {}): EmbeddedEngine {
  const clock = deps.clock ?? systemClock;
  const own = deps.renderer ?? createDefaultRenderer();
  // Paced, the renderer draws once per model and size; every task after that is a timer.
  const renderer = config.pace ? createPacedRenderer(own, config.pace) : own;
  const network: NetworkOptions = { ...deps.network, allowPrivate: config.allowPrivateUrls };
  const keys = new KeyStore(config.dataDir, {
    envApiKeys: config.envApiKeys,
    now: () => clock.now(),
    watch: true,
  });
  const tasks = new TaskStore(config.dataDir, clock);
  const accepted = new AcceptedTasks(config.dataDir);
  const media = new MediaStore(
    config.dataDir,
    clock,
    deps.mediaLinkKey ? { linkKey: deps.mediaLinkKey } : {},
  );
  const inputs = new MediaInputs(media, network);
  const webhooks = deps.webhooks ?? createWebhookSender({ network });

  const hostForUrl = config.host === "0.0.0.0" || config.host === "::" ? "127.0.0.1" : config.host;
  let lastOrigin =
    deps.publicBaseUrl ??
    `http://${hostForUrl.includes(":") ? `[${hostForUrl}]` : hostForUrl}:${config.port}`;
  const noteOrigin = (origin: string) => {
    if (!deps.publicBaseUrl) lastOrigin = origin;
  };

  const core = new Core({
    keys,
    tasks,
    accepted,
    media,
    inputs,
    webhooks,
    network,
    upload: deps.upload ?? uploadResult,
    clock,
    processorContext: {
      media,
      inputs,
      renderer,
      catalog: buildCatalog(config.videoModel),
      clock,
    },
    defaultBaseUrl: () => lastOrigin,
    ...(config.faultMarkers?.length ? { faults: new FaultInjector(config.faultMarkers) } : {}),
  });

  const handleRequest = createHttpHandler({
    core,
    media,
    clock,
    videoModel: config.videoModel,
    ...(deps.bodyLimitBytes !== undefined ? { bodyLimitBytes: deps.bodyLimitBytes } : {}),
    onOrigin: noteOrigin,
  });

  const ws = createWsServer(core, {
    idleMs: config.wsIdleMs,
    resumeMs: config.resumeMs,
    videoModel: config.videoModel,
  });

  const sweep = setInterval(
    () => {
      media.sweep();
      tasks.sweep();
    },
    deps.sweepIntervalMs ?? 10 * 60 * 1000,
  );
  sweep.unref();

  // What the last process accepted and did not finish runs again now, as a real service would.
  core.resumeInterrupted();

  let closed: Promise<void> | null = null;
  return {
    core,
    keys,
    tasks,
    media,
    parallelism: config.pace?.parallel ?? availableParallelism(),
    handleRequest,
    handleUpgrade(req, socket, head) {
      const origin = originOf(req);
      if (origin) noteOrigin(origin);
      ws.handleUpgrade(req, socket, head);
    },
    close() {
      closed ??= (async () => {
        clearInterval(sweep);
        await ws.close();
        await core.close();
        await renderer.close?.();
        keys.close();
      })();
      return closed;
    },
  };
}
