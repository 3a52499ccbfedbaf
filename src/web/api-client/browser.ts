import { toast } from "../shell/toasts/store.ts";
import { noteVersion } from "../shell/version.ts";
import { createApiClient, fetchTransport, type ApiTransport } from "./client.ts";

/** Paths whose 500s are retried: product, wishlist and trade-in calls. */
const RETRYABLE = /^\/api\/(products|wishlist|watchlist|trade-in)/;
const RETRY_DELAYS_MS = [300, 1000];

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The interceptors every browser call goes through. */
export function withInterceptors(transport: ApiTransport): ApiTransport {
  return async (request) => {
    let response = await transport(request);
    for (const delay of RETRY_DELAYS_MS) {
      if (response.status !== 500 || !RETRYABLE.test(request.path)) break;
      await sleep(delay);
      response = await transport(request);
    }
    noteVersion(response.headers["x-version"]);
    if (response.headers["x-email-delivery-impossible"]) {
      toast({
        id: "email-delivery-impossible",
        title: "",
        message: "user.flash.emailDeliveryImpossible.text",
        variant: "warn",
        isPersistent: true,
        link: { href: "/my/settings", label: "user.flash.emailDeliveryImpossible.changeLink" },
      });
    }
    const verify = response.headers["x-verify-location"];
    if (response.status === 429 && verify) {
      const next = window.location.pathname + window.location.search + window.location.hash;
      window.location.assign(verificationUrl(verify, next));
    }
    return response;
  };
}

export function verificationUrl(location: string, next: string): string {
  const url = new URL(location, window.location.origin);
  url.searchParams.set("next", next);
  return url.pathname + url.search;
}

/** The API client for components. */
export const browserApi = createApiClient(withInterceptors(fetchTransport));
