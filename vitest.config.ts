import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    // API test files each get their own database; two workers keep the two cores busy.
    maxWorkers: 2,
    projects: [
      {
        test: {
          name: "unit",
          include: ["src/domain/**/*.test.ts", "src/search/core/**/*.test.ts", "src/media/**/*.test.ts", "src/web/**/*.test.ts", "src/config.test.ts", "src/documents/**/*.test.ts", "scripts/**/*.test.ts"],
          environment: "node",
        },
      },
      {
        test: {
          name: "api",
          // Each file builds its own app on its own database, so the modules need not be loaded
          // afresh per file: importing them once per worker saves minutes of every pass.
          isolate: false,
          include: ["src/api/**/*.test.ts", "src/search/*.test.ts", "src/db/**/*.test.ts", "src/demo-data/**/*.test.ts", "src/ssr/**/*.test.ts", "src/mail/**/*.test.ts", "src/jobs/**/*.test.ts"],
          environment: "node",
          globalSetup: ["src/test/database-template.ts"],
          testTimeout: 30_000,
          hookTimeout: 120_000,
        },
      },
      {
        test: {
          // Needs the build: npm test builds the app before it.
          name: "cluster",
          include: ["src/cluster/**/*.test.ts"],
          environment: "node",
          testTimeout: 60_000,
          hookTimeout: 180_000,
        },
      },
    ],
  },
});
