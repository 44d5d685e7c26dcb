/**
 * The layers' import rules, checked by `npm run lint` (after Biome): imports run one way, from the
 * routes down to the contract.
 *
 *   app -> components -> lib/client -> lib/studio -> lib/protocol
 *   app -> lib/server -> lib/upstream | lib/engine -> lib/platform -> lib/protocol
 *
 * Type imports count: a type pulled across a layer ties the layers as surely as a value, and a
 * type closing a cycle of files ties the files. Two rules are not dependency-cruiser's own and are
 * kept by scripts/check-layers.ts: the engine's door holds for tests outside lib/engine too, and a
 * feature folder and its parent folder's loose files import one way only.
 */

/** The studio's own files: the rules leave packages and Node's modules alone. */
const OWN = "^((app|components|lib|scripts|bench|e2e)/|server\\.ts$)";

/**
 * Imports the rules refuse that stand today in files other work is rewriting. `npm run lint`
 * excuses each (and every folder cycle that runs through it) and fails once one is no longer
 * needed, so each line is deleted when that work lands.
 */
const exceptions = [];

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: "engine-imports-protocol-platform-only",
      comment:
        "The embedded engine runs alone too: it knows the contract and the platform, nothing of the studio.",
      severity: "error",
      from: { path: "^lib/engine/" },
      // The command line registers the hook that lets Node load `server-only` modules.
      to: {
        path: OWN,
        pathNot: ["^lib/(engine|protocol|platform)/", "^scripts/register-server-only\\.mjs$"],
      },
    },
    {
      name: "engine-through-its-index",
      comment:
        "Outside lib/engine the engine is one module, lib/engine/index.ts: the studio speaks to it as to any media service, never to its tables.",
      severity: "error",
      from: { path: OWN, pathNot: "^lib/engine/" },
      to: { path: "^lib/engine/", pathNot: "^lib/engine/index\\.ts$" },
    },
    {
      name: "upstream-not-server",
      comment: "The service's client is handed what it needs; it never reaches into the studio's server.",
      severity: "error",
      from: { path: "^lib/upstream/" },
      to: { path: "^lib/server/" },
    },
    {
      name: "browser-libs-not-server",
      comment: "lib/client and lib/studio reach the browser: nothing of lib/server may come with them.",
      severity: "error",
      from: { path: "^lib/(client|studio)/" },
      to: { path: "^lib/server/" },
    },
    {
      name: "studio-not-client",
      comment:
        "lib/studio holds the shapes both sides share; the browser's code builds on it, not the reverse.",
      severity: "error",
      from: { path: "^lib/studio/" },
      to: { path: "^lib/client/" },
    },
    {
      name: "browser-api-through-addresses",
      comment:
        "Pages and hooks reach the API through its address table (lib/studio/api/addresses.ts): the declarations' index would bring every endpoint's schemas, and zod, to every page.",
      severity: "error",
      from: { path: "^(components|lib/client)/", pathNot: "\\.test\\.tsx?$" },
      to: { path: "^lib/studio/api/index\\.ts$", dependencyTypesNot: ["type-only"] },
    },
    {
      name: "components-not-server",
      comment: "Components run in the browser: no server module, not even for a type.",
      severity: "error",
      from: { path: "^components/" },
      to: { path: "^lib/server/" },
    },
    {
      name: "protocol-imports-itself-only",
      comment: "The service's contract is the ground floor: it imports no other folder of the studio.",
      severity: "error",
      from: { path: "^lib/protocol/" },
      to: { path: OWN, pathNot: "^lib/protocol/" },
    },
    {
      name: "platform-imports-itself-only",
      comment: "What the engine and the server share depends on neither of them.",
      severity: "error",
      from: { path: "^lib/platform/" },
      to: { path: OWN, pathNot: "^lib/platform/" },
    },
    {
      name: "no-folder-cycles",
      comment:
        "Two folders that import each other are one idea split badly: move the piece that belongs elsewhere.",
      severity: "error",
      scope: "folder",
      from: {},
      to: { circular: true },
    },
    // Biome (2.6) has `noImportCycles` as well; the rule lives here so that one walk of the imports
    // judges every rule, with type imports counted the same way for each.
    {
      name: "no-file-cycles",
      comment:
        "Two files that import each other, even for a type, are one idea split badly: move the shared piece to where both can import it.",
      severity: "error",
      from: { path: OWN },
      to: { circular: true },
    },
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    // Tests may reach a neighbour's harness; the rules judge what the studio ships.
    exclude: {
      path: ["^(node_modules|\\.next|\\.build|data|test-results|playwright-report)/", "\\.test\\.tsx?$"],
    },
    tsConfig: { fileName: "tsconfig.json" },
    tsPreCompilationDeps: true,
    enhancedResolveOptions: {
      exportsFields: ["exports"],
      conditionNames: ["import", "require", "node", "default", "types"],
      extensions: [".ts", ".tsx", ".mjs", ".js", ".cjs", ".json"],
    },
    skipAnalysisNotInRules: true,
  },
};

// Not an enumerable key: dependency-cruiser refuses keys of its configuration it does not know.
Object.defineProperty(module.exports, "exceptions", { value: exceptions });
