import { data, Form, Link, redirect } from "react-router";
import { loadPageMessages } from "../i18n/client-messages.ts";
import { useTranslation } from "../i18n/i18n.tsx";
import type { Route } from "./+types/ops-content";
import { isApiError } from "../api-client/client.ts";
import { readForm } from "../shell/forms.ts";
import { pageNotFoundOn, staffPageOn } from "../shell/route-errors.ts";
import { CONTENT_TYPES } from "../../domain/content/content.ts";
import { formatDate } from "../../domain/dates.ts";
import { Pagination } from "../components/pagination.tsx";
import { TextField } from "../components/text-field.tsx";
import { contentApi } from "../api-client/content.ts";
import { storefront } from "../load-context.ts";

await loadPageMessages();

const typeOf = (value: string | null) => CONTENT_TYPES.find((type) => type === value);

export async function loader({ url, context }: Route.LoaderArgs) {
  const search = url.searchParams;
  const page = Number(search.get("page") ?? "1");
  const type = typeOf(search.get("type"));
  try {
    // Anyone but staff gets the API's 404, and so this page does not exist for them.
    const list = await contentApi(storefront(context).api).opsContentList({ ...(type ? { type } : {}), page: Number.isInteger(page) && page >= 1 ? page : 1 });
    return { list, type: type ?? "", locale: storefront(context).locale };
  } catch (error) {
    staffPageOn(error, url);
  }
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await readForm(request);
  const type = form.get("type") === "page" ? "page" : "article";
  try {
    const created = await contentApi(storefront(context).api).opsContentCreate({ type, key: String(form.get("key") ?? "").trim() });
    return redirect(`/ops/content/${created.id}`);
  } catch (error) {
    // Not staff (404) or our bug: as for the page itself.
    if (!isApiError(error) || error.status === 404 || error.status >= 500) pageNotFoundOn(error);
    return data({ problem: error.message }, { status: error.status });
  }
}

/** Staff's list of every document: what is live, drafts and scheduled ones, with their version. */
export default function OpsContent({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { list, type, locale } = loaderData;
  const state = (i: { live: boolean; published: boolean }) => (i.live ? t("content.ops.live") : i.published ? t("content.ops.scheduled") : t("content.ops.draft"));
  return (
    <>
      <title>{t("content.ops.title")}</title>
      <h1 className="text-2xl font-extrabold md:text-3xl">{t("content.ops.title")}</h1>
      <p className="mt-1 text-muted">{t("content.ops.intro")}</p>
      <div className="mt-6 flex flex-wrap items-end gap-6">
        <Form method="get" className="flex items-end gap-2">
          <div>
            <label htmlFor="content-type" className="block text-sm font-semibold">
              {t("content.ops.type")}
            </label>
            <select id="content-type" name="type" defaultValue={type} className="mt-1 h-11 rounded-xl border border-line bg-white px-3">
              <option value="">{t("content.ops.types.all")}</option>
              {CONTENT_TYPES.map((ct) => (
                <option key={ct} value={ct}>
                  {t(`content.ops.types.${ct}`)}
                </option>
              ))}
            </select>
          </div>
          <button type="submit" className="h-11 rounded-full border border-line px-5 font-semibold">
            {t("content.ops.filter")}
          </button>
        </Form>
        <Form method="post" className="flex items-end gap-2">
          <div>
            <label htmlFor="new-type" className="block text-sm font-semibold">
              {t("content.ops.type")}
            </label>
            <select id="new-type" name="type" className="mt-1 h-11 rounded-xl border border-line bg-white px-3">
              <option value="article">{t("content.ops.types.article")}</option>
              <option value="page">{t("content.ops.types.page")}</option>
            </select>
          </div>
          <TextField label={t("content.ops.key")} name="key" required pattern="[a-z0-9]+(-[a-z0-9]+)*" maxLength={120} error={actionData?.problem} />
          <button type="submit" className="h-11 rounded-full bg-[var(--accent)] px-5 font-semibold text-white">
            {t("content.ops.create")}
          </button>
        </Form>
      </div>
      {list.items.length === 0 ? (
        <p className="mt-8 text-muted">{t("content.ops.empty")}</p>
      ) : (
        <div className="mt-8 overflow-x-auto">
          <table className="w-full text-left text-sm" data-testid="content-list">
            <thead>
              <tr className="border-b border-line">
                <th scope="col" className="py-2 pr-4">{t("content.ops.name")}</th>
                <th scope="col" className="py-2 pr-4">{t("content.ops.type")}</th>
                <th scope="col" className="py-2 pr-4">{t("content.ops.state")}</th>
                <th scope="col" className="py-2 pr-4">{t("content.ops.version")}</th>
                <th scope="col" className="py-2">{t("content.ops.history")}</th>
              </tr>
            </thead>
            <tbody>
              {list.items.map((i) => (
                <tr key={i.id} className="border-b border-line">
                  <td className="py-2 pr-4">
                    <Link to={`/ops/content/${i.id}`} className="font-semibold underline">
                      {i.title}
                    </Link>
                    <span className="block text-xs text-muted">{i.key}</span>
                  </td>
                  <td className="py-2 pr-4">{t(`content.ops.types.${i.type}`)}</td>
                  <td className="py-2 pr-4">{state(i)}</td>
                  <td className="py-2 pr-4">{i.version}</td>
                  <td className="py-2">{formatDate(i.updatedAt, locale, "medium-time")}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <Pagination page={list.page} totalPages={list.totalPages} />
    </>
  );
}
