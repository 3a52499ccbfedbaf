import js from "@eslint/js";
import reactHooks from "eslint-plugin-react-hooks";
import tseslint from "typescript-eslint";

/** Modules that do I/O: the domain layer stays pure and imports none of them. */
const ioModules = [
  "node:*", "fs", "fs/*", "path", "http", "https", "net", "child_process", "crypto", "os",
  "pg", "@electric-sql/*", "drizzle-orm", "drizzle-orm/*", "fastify", "@fastify/*",
  "react", "react-dom", "react-dom/*", "react-router", "react-router/*", "i18next", "react-i18next", "nodemailer",
];

export default tseslint.config(
  { ignores: ["**/*.tmp.*", "build/", "data/", "node_modules/", ".react-router/", "test-results/", "playwright-report/", "src/db/migrations/"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    plugins: { "react-hooks": reactHooks },
    rules: {
      "react-hooks/rules-of-hooks": "error",
      "react-hooks/exhaustive-deps": "warn",
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_", destructuredArrayIgnorePattern: "^_" }],
      "@typescript-eslint/consistent-type-imports": "error",
    },
  },
  {
    files: ["src/domain/**/*.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            { group: ioModules, message: "src/domain holds pure rules: no I/O, no framework imports." },
            { group: ["**/api/**", "**/db/**", "**/web/**", "**/ssr/**"], message: "src/domain depends on nothing but itself." },
          ],
        },
      ],
      "no-restricted-globals": ["error", "fetch", "process", "localStorage", "sessionStorage", "document", "window"],
    },
  },
);
