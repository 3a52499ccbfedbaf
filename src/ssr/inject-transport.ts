import type { FastifyInstance, InjectOptions } from "fastify";
import { asPageRenderWrite, INTERNAL_HEADER, INTERNAL_TOKEN, oncePerPageRender } from "../api/internal-calls.ts";
import { queryString, type ApiTransport } from "../web/api-client/client.ts";

const USER_META_PATH = "/api/user-meta";

/** Server-side transport: the API answers in-process, with the visitor's cookies, no socket involved. */
export function injectTransport(
  app: FastifyInstance,
  visitor: { cookieHeader: string | undefined; requestId: string; address: string; userAgent: string | undefined },
): ApiTransport {
  const send: ApiTransport = async (request) => {
    // A write (an action's) may change what the render read before: read it anew after. User meta is a read sent as POST.
    const writes = request.method !== "GET" && request.path !== USER_META_PATH;
    const inject = (options: InjectOptions) => (writes ? asPageRenderWrite(() => app.inject(options)) : app.inject(options));
    const response = await inject({
      method: request.method,
      url: request.path + queryString(request.query),
      // The visitor's own address, so per-client rules (login throttling) see them, not this process.
      remoteAddress: visitor.address,
      headers: {
        ...(visitor.cookieHeader ? { cookie: visitor.cookieHeader } : {}),
        ...(visitor.userAgent ? { "user-agent": visitor.userAgent } : {}),
        "x-request-id": visitor.requestId,
        ...request.headers,
        [INTERNAL_HEADER]: INTERNAL_TOKEN,
        ...(request.body === undefined || request.form ? {} : { "content-type": "application/json" }),
      },
      // A form is streamed as multipart/form-data, its content type (with the boundary) set by inject.
      ...(request.form ? { payload: request.form } : request.body === undefined ? {} : { payload: JSON.stringify(request.body) }),
    });
    const headers: Record<string, string | undefined> = {};
    // Set-Cookie values may hold commas (Expires), so several of them are kept one per line.
    for (const [key, value] of Object.entries(response.headers)) headers[key] = Array.isArray(value) ? value.join(key === "set-cookie" ? "\n" : ", ") : value?.toString();
    return { status: response.statusCode, headers, body: response.body ? JSON.parse(response.body) : null };
  };
  // User meta is asked by the shell and again by an account page's login check: answered once per render and visitor (until a write).
  return (request) =>
    request.path === USER_META_PATH && !request.form
      ? oncePerPageRender(`user-meta:${JSON.stringify(request.body ?? null)}:${visitor.cookieHeader ?? ""}`, () => send(request))
      : send(request);
}
