import { loadPageMessages } from "../i18n/client-messages.ts";
import { Link } from "react-router";
import { useTranslation } from "../i18n/i18n.tsx";
import type { Route } from "./+types/authors";
import { BUY_PREFIX, encodeUrlComponent } from "../../domain/routing/paths.ts";
import { Pagination } from "../components/pagination.tsx";
import { storefront } from "../load-context.ts";

// Texts of this page are not in the first-load bundle: they arrive with its code.
await loadPageMessages();

export async function loader({ url, context }: Route.LoaderArgs) {
  const page = Number(url.searchParams.get("page") ?? "1");
  const authors = await storefront(context).api.authors(Number.isInteger(page) && page >= 1 && page <= 10_000 ? page : 1);
  return { authors, locale: storefront(context).locale };
}

/** Every author with books on offer, alphabetically; each links to their books. */
export default function Authors({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { authors, locale } = loaderData;
  return (
    <>
      <title>{t("authors.title")}</title>
      <h1 className="text-2xl font-extrabold md:text-3xl">{t("authors.title")}</h1>
      <p className="mt-1 text-muted">{t("authors.intro")}</p>
      {authors.items.length === 0 ? (
        <p className="mt-6 text-muted">{t("list.empty.title")}</p>
      ) : (
        <ul className="mt-6 grid gap-x-6 gap-y-2 sm:grid-cols-2 lg:grid-cols-4">
          {authors.items.map((a) => (
            <li key={a.name}>
              <Link to={`/${BUY_PREFIX[locale]}/author/${encodeUrlComponent(a.name)}`} className="hover:underline">
                {a.name}
              </Link>{" "}
              <span className="text-sm text-muted">({a.count})</span>
            </li>
          ))}
        </ul>
      )}
      <Pagination page={authors.page} totalPages={authors.totalPages} />
    </>
  );
}
