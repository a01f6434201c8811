import { fileURLToPath } from "node:url";
import { defineProject } from "vitest/config";
import react from "@vitejs/plugin-react";

const src = (p: string) => fileURLToPath(new URL(p, import.meta.url));

export default defineProject({
  plugins: [react()],
  resolve: {
    alias: {
      "@steward/contracts": src("../../packages/contracts/src/index.ts"),
      "@steward/domain": src("../../packages/domain/src/index.ts"),
    },
  },
  test: {
    name: "web",
    root: src("."),
    include: ["src/**/*.test.{ts,tsx}"],
    environment: "jsdom",
    setupFiles: ["./src/test/setup.ts"],
    // Typing into jsdom forms is slow when the whole suite runs in parallel, and slower still
    // on a busy CI machine: a test that needs more than this is stuck, not slow.
    testTimeout: process.env.CI ? 45_000 : 15_000,
  },
});
