import js from "@eslint/js";
import reactHooks from "eslint-plugin-react-hooks";
import tseslint from "typescript-eslint";
import { tableOwnersRule } from "./eslint/table-owners.js";

/** Modules that do I/O: the domain layer (and src/media and the pure parts of src/search) stays pure and imports none of them. */
const ioModules = [
  "node:*", "fs", "fs/*", "path", "http", "https", "net", "child_process", "crypto", "os",
  "pg", "@electric-sql/*", "drizzle-orm", "drizzle-orm/*", "fastify", "@fastify/*",
  "react", "react-dom", "react-dom/*", "react-router", "react-router/*", "i18next", "react-i18next", "nodemailer",
];

/*
 * The storefront's layers, top to bottom: routes → layouts → features → components, shell, i18n
 * (api-client beside them) → src/domain. No folder imports one above it, features do not import
 * each other, and from src/api only contract types come in; the search index (src/search) stays on
 * the server. src/db and src/search sit below src/api.
 * Imports are relative paths, so a rule matches the folder names in the path: from a feature
 * folder (one flat folder each), "../x/" is always another feature. no-restricted-imports sees
 * static imports and re-exports; no-restricted-syntax sees the lazy import() calls.
 */
const boundary = (regex, message) => ({ regex, message });
const webBoundaries = [
  boundary(String.raw`(^|\/)db\/`, "The storefront reads data through the API, never from src/db."),
  boundary(String.raw`(^|\/)api\/(?!contract\.ts$)`, "From src/api the storefront imports only the contract (src/api/contract.ts); it calls the API through api-client."),
  boundary(String.raw`^(\.\.\/)+search\/`, "The storefront searches through the API, never with src/search."),
];
const aboveFeatures = boundary(
  String.raw`(^|\/)(features|layouts|routes)\/`,
  "components, shell and i18n sit below features, layouts and routes: they import none of them.",
);

/** One config object that reports both static and lazy imports matching the boundaries. */
function boundaries(files, list) {
  return {
    files,
    rules: {
      "no-restricted-imports": ["error", { patterns: list.map(({ regex, message }) => ({ regex, message })) }],
      "no-restricted-syntax": ["error", ...list.map(({ regex, message }) => ({ selector: `ImportExpression[source.value=/${regex}/i]`, message }))],
    },
  };
}

/** Pure code: no I/O, no framework, no browser or process globals, and the given imports refused too. */
function pure(files, message, patterns) {
  return {
    files,
    rules: {
      "no-restricted-imports": ["error", { patterns: [{ group: ioModules, message }, ...patterns] }],
      "no-restricted-globals": ["error", "fetch", "process", "localStorage", "sessionStorage", "document", "window"],
    },
  };
}

/** Drivers, the query builder and src/db: only type imports may reach an API module's non-SQL rooms. */
function sqlAndDrivers(message) {
  return [String.raw`^(drizzle-orm(\/.*)?|pg|@electric-sql\/.*)$`, String.raw`(^|\/)db\/`].map((regex) => ({ regex, message, allowTypeImports: true }));
}

/** One config object for a room of every API module. */
function apiRooms(files, patterns) {
  return { files, rules: { "no-restricted-imports": ["error", { patterns }] } };
}

export default tseslint.config(
  { ignores: ["**/*.tmp.*", "build/", "dist/", "data/", "node_modules/", ".react-router/", "test-results/", "playwright-report/", "src/db/migrations/"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  // Every table has one module that writes it (src/db/table-owners.json).
  { files: ["src/**/*.ts"], plugins: { reloop: { rules: { "table-owners": tableOwnersRule } } }, rules: { "reloop/table-owners": "error" } },
  // Plain JavaScript that runs on Node before anything is built (the Node version check).
  { files: ["**/*.mjs", "eslint/**/*.js"], languageOptions: { globals: { process: "readonly", console: "readonly", URL: "readonly" } } },
  {
    plugins: { "react-hooks": reactHooks },
    rules: {
      "react-hooks/rules-of-hooks": "error",
      "react-hooks/exhaustive-deps": "warn",
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_", destructuredArrayIgnorePattern: "^_" }],
      "@typescript-eslint/consistent-type-imports": "error",
    },
  },
  pure(["src/domain/**/*.ts"], "src/domain holds pure rules: no I/O, no framework imports.", [
    { group: ["**/api/**", "**/db/**", "**/web/**", "**/ssr/**", "**/search/**", "**/media/**"], message: "src/domain depends on nothing but itself." },
  ]),
  // Product pictures and grade illustrations drawn as SVG text, which the media module serves.
  pure(["src/media/**/*.ts"], "src/media draws pictures as text: no I/O, no framework imports.", [
    { regex: String.raw`^\.\.\/(?!domain\/)`, message: "src/media depends on nothing but itself and src/domain." },
  ]),
  // The search index sits below src/api (which hands it the lists' queries); its pure parts in core/ are pure as src/domain is.
  { ...boundaries(["src/search/**/*.ts"], [boundary(String.raw`(^|\/)(api|web|ssr)\/`, "src/search sits below src/api: it imports none of src/api, src/web and src/ssr.")]), ignores: ["src/search/**/*.test.ts"] },
  pure(["src/search/core/**/*.ts"], "src/search/core holds the search's pure parts: no I/O, no framework imports.", [
    { regex: String.raw`^\.\.\/(?!\.\.\/domain\/)`, message: "src/search/core depends on nothing but itself and src/domain: the indexes around it use it, not the other way round." },
  ]),
  boundaries(["src/web/**/*.{ts,tsx}"], webBoundaries),
  boundaries(["src/web/{components,shell,i18n}/**/*.{ts,tsx}"], [...webBoundaries, aboveFeatures]),
  boundaries(["src/web/features/**/*.{ts,tsx}"], [
    ...webBoundaries,
    boundary(String.raw`^\.\.\/(?!\.\.\/)|(^|\/)features\/`, "A feature does not import another feature: share through components/, shell/ or src/domain."),
    boundary(String.raw`(^|\/)(layouts|routes)\/`, "Features sit below layouts and routes: they import neither."),
  ]),
  boundaries(["src/web/layouts/**/*.{ts,tsx}"], [...webBoundaries, boundary(String.raw`(^|\/)routes\/`, "Layouts sit below routes: they import none.")]),
  boundaries(["src/ssr/**/*.ts"], [
    boundary(String.raw`(^|\/)db\/`, "The adapter reaches data through the API, never src/db."),
    boundary(
      String.raw`(^|\/)api\/(?!contract\.ts$|internal-calls\.ts$)`,
      "From src/api the adapter imports only the contract (src/api/contract.ts) and the internal-call token (src/api/internal-calls.ts).",
    ),
  ]),
  // An API module's rooms: routes speak HTTP and call the service; services hold the rules and reach
  // data only through repositories; schemas describe. SQL and drivers stay in repositories (types may pass).
  apiRooms(["src/api/modules/*/routes.ts", "src/api/modules/*/*-routes.ts"], [
    ...sqlAndDrivers("Routes speak HTTP only: SQL and database access live in the module's repository, reached through its service."),
    { regex: String.raw`(^|\/)[a-z-]*repository\.ts$`, message: "Routes call the service, never a repository.", allowTypeImports: true },
  ]),
  apiRooms(["src/api/modules/*/service.ts", "src/api/modules/*/*-service.ts"], [
    ...sqlAndDrivers("Services hold the rules: SQL and database access live in the module's repository."),
    { regex: String.raw`^(fastify|@fastify\/.*)$`, message: "Services know nothing of HTTP: requests and replies stay in routes.", allowTypeImports: false },
  ]),
  apiRooms(["src/api/modules/*/schemas.ts", "src/api/modules/*/*-schemas.ts"], [
    ...sqlAndDrivers("Schemas describe requests and answers: no database access."),
    { regex: String.raw`(^|\/)[a-z-]*(repository|service)\.ts$`, message: "Schemas describe; they import no service or repository.", allowTypeImports: true },
  ]),
  boundaries(["src/db/**/*.ts"], [boundary(String.raw`(^|\/)(api|web|ssr)\/`, "src/db sits below src/api, src/ssr and src/web: it imports none of them.")]),
);
