import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Harness, startHarness } from "@/lib/engine";
import { CLIENT_IP_HEADER } from "@/lib/server/auth/create-auth";
import type { StudioRuntime } from "@/lib/server/runtime";
import { type FuzzEndpoint, fuzzEndpoints } from "./fuzz/endpoints";
import type { Input, Params } from "./fuzz/hostile";
import { EXAMPLES, KNOWN_INPUTS } from "./fuzz/known-inputs";
import { malformedPathError } from "./request-path";
import { routeFiles } from "./route-files";

// Every studio endpoint, fed hostile input the way the engine's own fuzzing feeds its parser:
// NUL and lone surrogates, huge numbers, wrong types, deep nesting, in JSON bodies, path and query
// parameters. Every answer is under 500, a refusal is in the contract's error shape, and the
// studio still answers afterwards. The endpoints and their input come from the declarations
// (./fuzz/endpoints.ts). The Route Handlers run in-process against a real runtime (an embedded
// database in a temporary folder, the engine harness as the service).

const ROOT = path.resolve(import.meta.dirname, "..", "..", "..");
const ORIGIN = "http://127.0.0.1:3000";
const RUNS = 40;
/** `FC_SEED=<n>` replays (or varies) the cases: fast-check names the seed of a failing run. */
const SEED = process.env.FC_SEED ? Number(process.env.FC_SEED) : undefined;

type Handler = (request: Request, context: { params: Promise<Params> }) => Promise<Response>;

const ENDPOINTS = fuzzEndpoints();

function endpointNamed(name: string): FuzzEndpoint {
  const found = ENDPOINTS.find((e) => e.name === name);
  if (!found) throw new Error(`no Route Handler answers ${name}`);
  return found;
}

// The studio in-process ---------------------------------------------------------------------------

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "studio-fuzz-"));
let harness: Harness;
let runtime: StudioRuntime;
let ownerCookie = "";
const modules = new Map<string, Record<string, unknown>>();

async function routeModule(file: string): Promise<Record<string, unknown>> {
  let mod = modules.get(file);
  if (!mod) {
    mod = (await import(path.join(ROOT, "app", "api", file, "route.ts"))) as Record<string, unknown>;
    modules.set(file, mod);
  }
  return mod;
}

let addresses = 0;
function nextAddress(): string {
  addresses++;
  return `10.${(addresses >> 16) & 255}.${(addresses >> 8) & 255}.${addresses & 255}`;
}

/** A segment for the request's URL (no URL holds a lone surrogate; the handler gets it in params). */
function urlSegment(value: string): string {
  return encodeURIComponent(value.replace(/[\ud800-\udfff]/g, "\ufffd"));
}

/** One request through the endpoint's Route Handler, as server.ts and Next.js would route it. */
async function call(endpoint: FuzzEndpoint, input: Input): Promise<Response> {
  const params = input.params ?? {};
  let pathname = input.rawPath;
  if (pathname === undefined) {
    const encoded = Object.fromEntries(
      Object.entries(params).map(([k, v]) => [k, Array.isArray(v) ? v.map(urlSegment) : urlSegment(v)]),
    );
    pathname = endpoint.path.replace(/\{(\w+)\}/g, (_, key: string) => {
      const value = encoded[key] ?? "";
      return Array.isArray(value) ? value.join("/") : value;
    });
  }
  const query = new URLSearchParams(input.query ?? {}).toString();
  const url = `${ORIGIN}${pathname}${query ? `?${query}` : ""}`;
  // What server.ts answers before any Route Handler: a path whose %-escapes do not decode.
  const refused = malformedPathError(`${pathname}${query ? `?${query}` : ""}`);
  if (refused) return Response.json(refused.body, { status: refused.status });

  // Each request from its own address: the sign-in limit is not what is under test here.
  const headers = new Headers({ origin: ORIGIN, host: "127.0.0.1:3000", [CLIENT_IP_HEADER]: nextAddress() });
  if (!endpoint.anonymous && ownerCookie) headers.set("cookie", ownerCookie);
  let body: BodyInit | undefined;
  if (input.body && "json" in input.body) {
    headers.set("content-type", "application/json");
    body = JSON.stringify(input.body.json);
  } else if (input.body) {
    if (input.body.type) headers.set("content-type", input.body.type);
    body = Buffer.from(input.body.raw);
  }
  const request = new Request(url, {
    method: endpoint.method,
    headers,
    ...(body === undefined ? {} : { body }),
  });
  const handler = (await routeModule(endpoint.folder))[endpoint.method] as Handler;
  return handler(request, { params: Promise.resolve(params) });
}

async function expectAnswered(endpoint: FuzzEndpoint, input: Input): Promise<void> {
  const res = await call(endpoint, input);
  const text = await res.text();
  const where = `${endpoint.name} ${JSON.stringify(input).slice(0, 300)}`;
  expect(res.status, `${where} answered ${res.status}: ${text.slice(0, 300)}`).toBeLessThan(500);
  if (res.status < 400) return;
  const payload = JSON.parse(text) as {
    errors?: { code?: unknown; message?: unknown }[];
    code?: unknown;
    message?: unknown;
  };
  const errors = endpoint.authShape && payload.errors === undefined ? [payload] : payload.errors;
  expect(Array.isArray(errors) && errors.length > 0, `${where}: ${text.slice(0, 300)}`).toBe(true);
  for (const e of errors ?? []) {
    // better-auth's own refusals carry a message and, mostly, a code.
    if (!endpoint.authShape) expect(typeof e.code, `${where}: ${text.slice(0, 300)}`).toBe("string");
    expect(typeof e.message, `${where}: ${text.slice(0, 300)}`).toBe("string");
  }
}

const ENV_NAMES = [
  "DATA_DIR",
  "HOST",
  "PORT",
  "UPSTREAM_URL",
  "UPSTREAM_WS_URL",
  "UPSTREAM_API_KEY",
] as const;
const savedEnv = Object.fromEntries(ENV_NAMES.map((name) => [name, process.env[name]]));

beforeAll(async () => {
  harness = await startHarness();
  Object.assign(process.env, {
    DATA_DIR: dataDir,
    HOST: "127.0.0.1",
    PORT: "3000",
    UPSTREAM_URL: harness.url,
    UPSTREAM_WS_URL: harness.wsUrl,
    UPSTREAM_API_KEY: harness.key,
  });
  const { startRuntime } = await import("@/lib/server/runtime");
  runtime = await startRuntime();
  runtime.upstream.socket.start();
  const setUp = await call(
    { ...endpointNamed("POST /api/setup"), anonymous: true },
    {
      body: { json: { name: "Ada", email: "ada@studio.test", password: "analytical engine" } },
    },
  );
  expect(setUp.status).toBe(200);
  ownerCookie = setUp.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
}, 120_000);

afterAll(async () => {
  await runtime?.close();
  await harness?.close();
  harness?.cleanup();
  fs.rmSync(dataDir, { recursive: true, force: true });
  for (const name of ENV_NAMES) {
    if (savedEnv[name] === undefined) delete process.env[name];
    else process.env[name] = savedEnv[name];
  }
});

describe("the studio's API under hostile input", () => {
  it("covers every Route Handler under app/api, and every hand-written input has its endpoint", () => {
    const served = routeFiles().flatMap((f) => f.methods.map((m) => `${m} ${f.folder}`));
    expect(ENDPOINTS.map((e) => `${e.method} ${e.folder}`).sort()).toEqual(served.sort());
    for (const key of [...Object.keys(EXAMPLES), ...KNOWN_INPUTS.map((k) => `${k.method} ${k.file}`)])
      expect(served).toContain(key);
  });

  for (const endpoint of ENDPOINTS.filter((e) => e.name !== "DELETE /api/sessions")) {
    it(`${endpoint.name} answers every input under 500, in the contract's shape`, async () => {
      await fc.assert(
        fc.asyncProperty(endpoint.input, (input) => expectAnswered(endpoint, input)),
        {
          numRuns: endpoint.varies ? RUNS : 1,
          ...(SEED === undefined ? {} : { seed: SEED }),
          examples: endpoint.examples.map((input) => [input] as [Input]),
        },
      );
    }, 120_000);
  }

  it("still answers afterwards, and signing out everywhere ends the owner's session", async () => {
    const members = endpointNamed("GET /api/members");
    expect((await call(members, {})).status).toBe(200);
    await expectAnswered(endpointNamed("DELETE /api/sessions"), {});
    expect((await call(members, {})).status).toBe(401);
  });
});
