import { errorResponsesOf } from "../../errors.ts";
import type { ApiInstance } from "../../types.ts";
import { announcementsErrors, announcementsQuery, announcementsViewSchema } from "./schemas.ts";
import type { AnnouncementService } from "./service.ts";

export function registerAnnouncementRoutes(app: ApiInstance, service: AnnouncementService): void {
  app.get(
    "/announcements",
    {
      schema: {
        operationId: "api_get_announcements",
        tags: ["content"],
        summary: "Announcements running now, in the current language",
        querystring: announcementsQuery,
        response: { 200: announcementsViewSchema, ...errorResponsesOf(announcementsErrors) },
      },
    },
    async (request) => service.view(request.query.locale ?? request.locale),
  );
}
