/** @type {import("next").NextConfig} */
const nextConfig = {
  reactStrictMode: true,
  poweredByHeader: false,
  // `ws` has optional native add-ons (bufferutil, utf-8-validate) that must be required at run
  // time, not bundled into the server chunks.
  serverExternalPackages: ["ws"],
};

export default nextConfig;
