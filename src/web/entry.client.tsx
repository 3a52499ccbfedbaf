import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { I18nextProvider } from "react-i18next";
import { HydratedRouter } from "react-router/dom";
import { resolveLocale } from "../domain/i18n/locales.ts";
import { createI18n } from "./i18n/i18n.ts";
import { clientMessages } from "./i18n/client-messages.ts";

const root = document.documentElement;
const locale = resolveLocale(root.lang);
const i18n = createI18n(locale, await clientMessages(locale), root.dataset.product ?? "reloop");

startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <I18nextProvider i18n={i18n}>
        <HydratedRouter />
      </I18nextProvider>
    </StrictMode>,
  );
});
