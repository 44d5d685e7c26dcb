/** @type {import("next").NextConfig} */
const nextConfig = {
  reactStrictMode: true,
  poweredByHeader: false,
  // Loaded from node_modules at run time, not bundled: `ws` has optional native add-ons, and
  // PGlite finds its WASM and data files next to its own module.
  serverExternalPackages: ["ws", "@electric-sql/pglite"],
};

export default nextConfig;
