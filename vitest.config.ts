import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

const src = (p: string) => fileURLToPath(new URL(p, import.meta.url));

// Workspace packages resolve to their TypeScript sources in tests (no build needed).
const alias = {
  "@steward/contracts": src("./packages/contracts/src/index.ts"),
  "@steward/domain": src("./packages/domain/src/index.ts"),
};

export default defineConfig({
  resolve: { alias },
  test: {
    projects: [
      {
        resolve: { alias },
        test: {
          name: "unit",
          include: ["packages/*/src/**/*.test.ts", "apps/agent/src/**/*.test.ts", "scripts/**/*.test.ts"],
          environment: "node",
          // Scans of the whole source tree take seconds on a busy CI machine.
          testTimeout: process.env.CI ? 30_000 : 5_000,
        },
      },
      {
        resolve: { alias },
        test: {
          name: "server",
          include: ["apps/server/src/**/*.test.ts"],
          environment: "node",
          globalSetup: ["apps/server/src/testing/global-setup.ts"],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      "apps/web/vitest.config.ts",
      {
        resolve: { alias },
        test: {
          name: "e2e",
          include: ["e2e/**/*.test.ts"],
          environment: "node",
          testTimeout: 120_000,
          hookTimeout: 120_000,
          fileParallelism: false,
          passWithNoTests: true,
        },
      },
    ],
  },
});
