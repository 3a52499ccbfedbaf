import { data, Form, Link, useNavigation } from "react-router";
import { loadPageMessages } from "../i18n/client-messages.ts";
import { useTranslation } from "../i18n/i18n.tsx";
import type { Route } from "./+types/ops-content-edit";
import { isApiError } from "../api-client/client.ts";
import { readForm } from "../shell/forms.ts";
import { pageNotFoundOn, staffPageOn } from "../shell/route-errors.ts";
import { BLOG_CATEGORIES } from "../../domain/content/content.ts";
import { formatDate } from "../../domain/dates.ts";
import { LOCALES, resolveLocale, type Locale } from "../../domain/i18n/locales.ts";
import { TextField } from "../components/text-field.tsx";
import { MarkdownEditor } from "../features/content/markdown-editor.tsx";
import { contentApi } from "../api-client/content.ts";
import { storefront } from "../load-context.ts";

await loadPageMessages();

function idOf(value: string | undefined): number {
  const id = Number(value);
  if (!Number.isInteger(id) || id < 1 || id > 2_147_483_647) throw data(null, { status: 404 });
  return id;
}

export async function loader({ params, url, context }: Route.LoaderArgs) {
  const lang = resolveLocale(url.searchParams.get("lang") ?? storefront(context).locale);
  try {
    // Anyone but staff gets the API's 404, and so this page does not exist for them.
    const doc = await contentApi(storefront(context).api).opsContent(idOf(params.id));
    const preview = await contentApi(storefront(context).api).opsContentPreview(doc.translations[lang]?.body ?? "");
    return { doc, lang, preview: preview.html, locale: storefront(context).locale };
  } catch (error) {
    staffPageOn(error, url);
  }
}

/** A date input's day as the start of that day in UTC; empty means an open end. */
const dayOf = (value: FormDataEntryValue | null) => (typeof value === "string" && /^\d{4}-\d{2}-\d{2}$/.test(value) ? `${value}T00:00:00.000Z` : null);

export async function action({ params, request, context }: Route.ActionArgs) {
  const id = idOf(params.id);
  const form = await readForm(request);
  const text = (name: string) => String(form.get(name) ?? "");
  const intent = text("intent");
  try {
    if (intent === "publish" || intent === "unpublish") {
      await contentApi(storefront(context).api).opsContentPublish(id, intent === "publish");
      return { saved: true, problem: "" };
    }
    const lang = resolveLocale(text("lang"));
    const isArticle = text("type") === "article";
    await contentApi(storefront(context).api).opsContentUpdate(id, {
      translations: { [lang]: { slug: text("slug").trim(), title: text("title").trim(), body: text("body").replace(/\r\n/g, "\n"), seoTitle: text("seoTitle").trim(), seoDescription: text("seoDescription").trim() } },
      publishFrom: dayOf(form.get("publishFrom")),
      publishTo: dayOf(form.get("publishTo")),
      ...(isArticle
        ? {
            author: text("author").trim() || null,
            category: text("category") || null,
            relatedProductIds: text("relatedProductIds").split(",").map((v) => Number(v.trim())).filter((n) => Number.isInteger(n) && n > 0),
          }
        : {}),
    });
    return { saved: true, problem: "" };
  } catch (error) {
    if (!isApiError(error) || error.status === 404 || error.status >= 500) pageNotFoundOn(error);
    return data({ saved: false, problem: error.errors.map((e) => e.message).join(" ") }, { status: error.status });
  }
}

/** Staff edit one document in one language at a time: texts with a live preview, settings, publishing, and its history. */
export default function OpsContentEdit({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { doc, lang, preview, locale } = loaderData;
  const busy = useNavigation().state !== "idle";
  const text = doc.translations[lang] ?? { slug: doc.key, title: doc.key, body: "", seoTitle: "", seoDescription: "" };
  const href = doc.hrefs?.[lang];
  const button = "h-11 rounded-full px-6 font-semibold";
  const day = (value: string | null) => value?.slice(0, 10) ?? "";
  return (
    <>
      <title>{`${text.title} – ${t("content.ops.title")}`}</title>
      <p className="text-sm">
        <Link to="/ops/content" className="underline">
          {t("content.ops.back")}
        </Link>
      </p>
      <h1 className="mt-2 text-2xl font-extrabold md:text-3xl">{text.title}</h1>
      <p className="mt-1 text-sm text-muted" data-testid="document-state">
        {t(`content.ops.types.${doc.type}`)} · {doc.key} · {t("content.ops.version")} {doc.version} · {doc.live ? t("content.ops.live") : doc.published ? t("content.ops.scheduled") : t("content.ops.draft")}
        {href && (
          <>
            {" · "}
            <a href={href} className="underline">
              {t("content.ops.view")}
            </a>
          </>
        )}
      </p>
      <nav aria-label={t("content.ops.language")} className="mt-4">
        <ul className="flex flex-wrap gap-2">
          {LOCALES.map((l: Locale) => (
            <li key={l}>
              <Link to={`?lang=${l}`} aria-current={l === lang ? "page" : undefined} className={`rounded-full border px-3 py-1 text-sm font-semibold uppercase ${l === lang ? "border-ink bg-ink text-white" : "border-line"}`}>
                {l}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      {actionData?.saved === true && (
        <p role="status" className="mt-4 text-green-accent">
          {t("content.ops.saved")}
        </p>
      )}
      {actionData?.problem && (
        <p role="alert" className="mt-4 text-red-700">
          {actionData.problem}
        </p>
      )}
      <Form method="post" className="mt-6 space-y-4" key={`${doc.id}-${lang}-${doc.version}`}>
        <input type="hidden" name="lang" value={lang} />
        <input type="hidden" name="type" value={doc.type} />
        <div className="grid gap-4 md:grid-cols-2">
          <TextField label={t("content.ops.name")} name="title" defaultValue={text.title} required maxLength={200} />
          <TextField label={t("content.ops.slug")} name="slug" defaultValue={text.slug} required pattern="[a-z0-9]+(-[a-z0-9]+)*" maxLength={120} />
        </div>
        <MarkdownEditor name="body" label={t("content.ops.body")} previewLabel={t("content.ops.preview")} defaultValue={text.body} initialHtml={preview} />
        <div className="grid gap-4 md:grid-cols-2">
          <TextField label={t("content.ops.seoTitle")} name="seoTitle" defaultValue={text.seoTitle} maxLength={200} />
          <TextField label={t("content.ops.seoDescription")} name="seoDescription" defaultValue={text.seoDescription} maxLength={400} />
          <TextField label={t("content.ops.publishFrom")} name="publishFrom" type="date" defaultValue={day(doc.publishFrom)} />
          <TextField label={t("content.ops.publishTo")} name="publishTo" type="date" defaultValue={day(doc.publishTo)} />
        </div>
        {doc.type === "article" && (
          <div className="grid gap-4 md:grid-cols-3">
            <TextField label={t("content.ops.author")} name="author" defaultValue={doc.author ?? ""} maxLength={120} />
            <div>
              <label htmlFor="article-category" className="block text-sm font-semibold">
                {t("content.ops.category")}
              </label>
              <select id="article-category" name="category" defaultValue={doc.category ?? ""} className="mt-1 h-11 w-full rounded-xl border border-line bg-white px-3">
                {Object.entries(BLOG_CATEGORIES).map(([key, names]) => (
                  <option key={key} value={key}>
                    {names[locale]}
                  </option>
                ))}
              </select>
            </div>
            <TextField label={t("content.ops.relatedProducts")} name="relatedProductIds" defaultValue={doc.relatedProductIds.join(", ")} />
          </div>
        )}
        <button type="submit" name="intent" value="save" disabled={busy} className={`${button} bg-[var(--accent)] text-white disabled:opacity-60`}>
          {t("content.ops.save")}
        </button>
      </Form>
      <Form method="post" className="mt-4">
        <button type="submit" name="intent" value={doc.published ? "unpublish" : "publish"} disabled={busy} className={`${button} border border-line`}>
          {doc.published ? t("content.ops.unpublish") : t("content.ops.publish")}
        </button>
      </Form>
      <section aria-labelledby="history-title" className="mt-10">
        <h2 id="history-title" className="text-lg font-bold">
          {t("content.ops.history")}
        </h2>
        {doc.versions.length === 0 ? (
          <p className="mt-2 text-muted">{t("content.ops.historyEmpty")}</p>
        ) : (
          <ol className="mt-3 space-y-2 text-sm" data-testid="history">
            {doc.versions.map((v, i) => (
              <li key={`${v.version}-${i}`} className="rounded-xl border border-line p-3">
                <span className="font-semibold">
                  {t("content.ops.version")} {v.version}
                </span>{" "}
                · {t(`content.ops.actions.${v.action}`)} · {v.editor} · {formatDate(v.createdAt, locale, "medium-time")}
                {v.changes.length > 0 && <span className="block text-muted">{t("content.ops.changed", { fields: v.changes.join(", ") })}</span>}
              </li>
            ))}
          </ol>
        )}
      </section>
    </>
  );
}
