import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";
import { resolveLocale } from "../domain/i18n/locales.ts";
import { I18nProvider } from "./i18n/i18n.tsx";
import { clientMessages } from "./i18n/client-messages.ts";

const root = document.documentElement;
const locale = resolveLocale(root.lang);
const messages = await clientMessages(locale);
const productName = root.dataset.product ?? "reloop";

startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <I18nProvider locale={locale} messages={messages} productName={productName}>
        <HydratedRouter />
      </I18nProvider>
    </StrictMode>,
  );
});
