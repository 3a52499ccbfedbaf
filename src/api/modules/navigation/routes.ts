import { errorResponses } from "../../errors.ts";
import type { ApiInstance } from "../../types.ts";
import { navigationQuery, navigationViewSchema } from "./schemas.ts";
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
        response: { 200: navigationViewSchema, 400: errorResponses[400], 404: errorResponses[404] },
      },
    },
    async (request) => {
      const { locale = request.locale, path, pathLocale, categoryId } = request.query;
      const id = path === undefined ? categoryId : await service.idByPath(pathLocale ?? locale, path);
      return service.view(locale, id);
    },
  );
}
