import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";

/** Small modules on the first load of every page (root, layout, header, product tiles). */
const FIRST_LOAD_CORE = [
  "/src/web/i18n/client-messages.ts",
  "/src/web/i18n/i18n.tsx",
  "/src/domain/i18n/translate.ts",
  "/src/domain/i18n/locales.ts",
  "/src/domain/routing/paths.ts",
  "/src/domain/money.ts",
  "/src/web/shell/version.ts",
  "/src/web/shell/toasts/store.ts",
  "/src/web/shell/consent/store.ts",
  "/src/web/features/account/customer.ts",
  "/src/web/components/price.tsx",
  "/src/web/components/route-error.tsx",
];

export default defineConfig({
  plugins: [tailwindcss(), reactRouter()],
  build: {
    target: "es2022",
    // The search overlay loads on focus, when its dependencies are loaded already: no list of them in every page's header code.
    modulePreload: { resolveDependencies: (file, deps) => (file.includes("search-combobox") ? [] : deps) },
    rollupOptions: {
      output: {
        // Vite's preload helper, the message loader and the small modules every page's first load
        // needs go out as one file: as a dozen files of a few hundred bytes, each would be
        // compressed on its own, and the product page's 125 KB budget pays for every one of them.
        // React Router 8 ships as many small modules, which every page needs: they join that file
        // rather than go out as the three or four pieces its route modules would otherwise share.
        manualChunks: (id) =>
          id.includes("vite/preload-helper") || id.includes("/node_modules/react-router/") || FIRST_LOAD_CORE.some((path) => id.endsWith(path))
            ? "client-messages"
            : undefined,
      },
    },
  },
});
