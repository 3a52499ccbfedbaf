import { errorResponsesOf } from "../../errors.ts";
import type { ApiInstance } from "../../types.ts";
import { navigationErrors, navigationQuery, navigationViewSchema, popularCategoriesErrors, popularCategoriesQuery, popularCategoriesViewSchema } from "./schemas.ts";
import type { NavigationService } from "./service.ts";

export function registerNavigationRoutes(app: ApiInstance, service: NavigationService): void {
  app.get(
    "/navigation",
    {
      schema: {
        operationId: "api_get_navigation_view",
        tags: ["catalogue"],
        summary: "Category tree in the current language",
        querystring: navigationQuery,
        response: { 200: navigationViewSchema, ...errorResponsesOf(navigationErrors) },
      },
    },
    async (request) => {
      const { locale = request.locale, path, pathLocale, categoryId } = request.query;
      const id = path === undefined ? categoryId : await service.idByPath(pathLocale ?? locale, path);
      return service.view(locale, id);
    },
  );

  app.get(
    "/navigation/popular",
    {
      schema: {
        operationId: "api_get_popular_categories",
        tags: ["catalogue"],
        summary: "Popular categories, offered when a search finds nothing",
        querystring: popularCategoriesQuery,
        response: { 200: popularCategoriesViewSchema, ...errorResponsesOf(popularCategoriesErrors) },
      },
    },
    async (request) => service.popular(request.query.locale ?? request.locale, request.query.limit),
  );
}
