/** @type {import("next").NextConfig} */
const nextConfig = {
  reactStrictMode: true,
  poweredByHeader: false,
  // Loaded from node_modules at run time, not bundled: `ws` has optional native add-ons, and
  // PGlite finds its WASM and data files next to its own module. prom-client is loaded once with
  // server.ts, so the Route Handlers count into the same module as GET /metrics reads.
  serverExternalPackages: ["ws", "@electric-sql/pglite", "prom-client"],
  // The build does not type-check again: `npm test` runs `tsc --noEmit` over the whole project
  // (server, tests and scripts too) before it builds, and Next's second pass over the same files
  // took minutes of a CI run on two cores.
  typescript: { ignoreBuildErrors: true },
  experimental: {
    // Each page's and route's modules load on its first request, not all at start: an idle studio
    // holds about 60 MB less, and a page nobody opens costs nothing.
    preloadEntriesOnStart: false,
    // Turbopack writes what it compiled to .next/cache for the next build to start from: 290 MB,
    // and 12 to 31 s of CPU of a 67 to 92 s build from a fresh clone (two builds of each). A CI
    // run builds once, in a fresh clone, and reads none of it back: there it is not written.
    turbopackFileSystemCacheForBuild: !process.env.CI,
  },
};

export default nextConfig;
