import { fileURLToPath } from "node:url";
import { defineConfig, type UserConfig } from "vite";
import react from "@vitejs/plugin-react";

const src = (p: string) => fileURLToPath(new URL(p, import.meta.url));

const config: UserConfig = defineConfig({
  root: src("."),
  plugins: [react()],
  resolve: {
    alias: {
      "@steward/contracts": src("../../packages/contracts/src/index.ts"),
      "@steward/domain": src("../../packages/domain/src/index.ts"),
    },
  },
  build: {
    outDir: src("./dist"),
    emptyOutDir: true,
    sourcemap: true,
    chunkSizeWarningLimit: 600,
    rollupOptions: {
      output: {
        // Libraries change less often than the console: separate files cache across releases.
        manualChunks(id: string) {
          if (!id.includes("node_modules")) return undefined;
          if (id.includes("@mantine")) return "mantine";
          if (id.includes("@tabler")) return "icons";
          if (id.includes("zod")) return "zod";
          return "vendor";
        },
      },
    },
  },
  server: {
    port: 5173,
    proxy: {
      "/api": { target: "http://localhost:8080", changeOrigin: false },
    },
  },
});

export default config;
