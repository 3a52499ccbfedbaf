import type {
  Article,
  BlogList,
  BlogListQuery,
  ContentPage,
  LegalDocument,
  OpsContentCreateBody,
  OpsContentDocument,
  OpsContentList,
  OpsContentListQuery,
  OpsContentPreviewBody,
  OpsContentUpdate,
} from "../../api/contract.ts";
import type { Locale } from "../../domain/i18n/locales.ts";
import { apiPath, type ApiClient } from "./client.ts";

/** The content pages' calls: the blog, legal texts, static pages and the staff editor. Only their routes load them. */
export function contentApi(api: ApiClient) {
  return {
    blogList: (query: BlogListQuery) => api.call<BlogList>({ method: "GET", path: "/api/content/articles", query }),
    article: async (slug: string, locale: Locale) => api.call<Article>({ method: "GET", path: apiPath`/api/content/articles/${slug}`, query: { locale } }),
    legalDocument: async (type: string, locale: Locale) => api.call<LegalDocument>({ method: "GET", path: apiPath`/api/content/legal/${type}`, query: { locale } }),
    contentPage: async (slug: string, locale: Locale) => api.call<ContentPage>({ method: "GET", path: apiPath`/api/content/pages/${slug}`, query: { locale } }),
    opsContentList: (query: OpsContentListQuery = {}) => api.call<OpsContentList>({ method: "GET", path: "/api/ops/content", query }),
    opsContent: async (id: number) => api.call<OpsContentDocument>({ method: "GET", path: apiPath`/api/ops/content/${id}` }),
    opsContentUpdate: async (id: number, body: OpsContentUpdate) => api.call<OpsContentDocument>({ method: "PUT", path: apiPath`/api/ops/content/${id}`, body }),
    opsContentPublish: async (id: number, published: boolean) => api.call<OpsContentDocument>({ method: "POST", path: apiPath`/api/ops/content/${id}/${published ? "publish" : "unpublish"}` }),
    opsContentCreate: (body: OpsContentCreateBody) => api.call<OpsContentDocument>({ method: "POST", path: "/api/ops/content", body }),
    opsContentPreview: (markdown: string) => api.call<{ html: string }>({ method: "POST", path: "/api/ops/content/preview", body: { markdown } satisfies OpsContentPreviewBody }),
  };
}
