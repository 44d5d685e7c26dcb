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
  },
};

export default nextConfig;
