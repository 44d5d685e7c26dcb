// Test-only stand-in for the `server-only` package (see vitest.config.ts).
export {};
