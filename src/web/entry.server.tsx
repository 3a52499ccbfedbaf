import { PassThrough } from "node:stream";
import { createReadableStreamFromReadable } from "@react-router/node";
import { isbot } from "isbot";
import { renderToPipeableStream } from "react-dom/server";
import { ServerRouter, type EntryContext, type HandleDataRequestFunction } from "react-router";
import { I18nProvider } from "./i18n/i18n.tsx";
import { serverMessages } from "./i18n/server-messages.ts";
import { pageCacheControl, securityHeaders } from "./shell/security-headers.ts";
import { hasSessionCookie } from "./shell/cookies.ts";
import { newNonce } from "./shell/nonce.ts";
import { storefront, type RouterContext } from "./load-context.ts";

export const streamTimeout = 5_000;

/**
 * The token of the server's hand-over, as this build holds it: the build carries its own copy of
 * load-context.ts, so the server sets the value under the build's token, not under its own import's.
 */
export { storefrontContext } from "./load-context.ts";

/**
 * The data of client-side navigations (`.data` requests) is as personal as the page it feeds: the
 * same cache rule. A route that chose its own Cache-Control keeps it.
 */
export const handleDataRequest: HandleDataRequestFunction = (response, { request, context }) => {
  if (!response.headers.has("Cache-Control")) {
    response.headers.set("Cache-Control", pageCacheControl(hasSessionCookie(request.headers.get("cookie"), storefront(context))));
  }
  return response;
};

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  routerContextProvider: RouterContext,
) {
  const loadContext = storefront(routerContextProvider);
  // Bots, prerendering and pages kept for the next visitors wait for the whole document: every part
  // in its place, shown without JavaScript and without a script to reveal it. A page rendered for one
  // customer is streamed: the shell first, deferred parts as they arrive.
  const whole = isbot(request.headers.get("user-agent") ?? "") || routerContext.isSpaMode || loadContext.kept;
  // One nonce per response: inline scripts carry it, injected ones cannot guess it.
  const nonce = newNonce();
  const signedIn = hasSessionCookie(request.headers.get("cookie"), loadContext);
  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    // Deferred parts still pending after this are given up (rendered by the browser instead).
    const deadline = setTimeout(() => abort(), streamTimeout + 1000);
    const send = () => {
      shellRendered = true;
      const body = new PassThrough();
      responseHeaders.set("Content-Type", "text/html; charset=utf-8");
      for (const [key, value] of Object.entries(securityHeaders(nonce, loadContext.facebookSdkOrigin))) responseHeaders.set(key, value);
      responseHeaders.set("Cache-Control", pageCacheControl(signedIn));
      resolve(new Response(createReadableStreamFromReadable(body), { headers: responseHeaders, status: responseStatusCode }));
      pipe(body);
    };
    const { pipe, abort } = renderToPipeableStream(
      <I18nProvider locale={loadContext.locale} messages={serverMessages(loadContext.locale)} productName={loadContext.productName}>
        <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
      </I18nProvider>,
      {
        nonce,
        // What is ready when the document is sent goes in its place. React would otherwise move
        // boundaries past its first 12.8 KB to the end, revealed by script: hidden without JavaScript,
        // and shown later than the rest (it paces reveals) even when they were rendered at once.
        progressiveChunkSize: Number.POSITIVE_INFINITY,
        onShellReady() {
          if (!whole) send();
        },
        onAllReady() {
          // Done: the deadline's timer would otherwise hold the whole render (its data, the request,
          // the response) in memory for seconds after the page was sent, hundreds of them under load.
          clearTimeout(deadline);
          if (whole) send();
        },
        onShellError(error: unknown) {
          clearTimeout(deadline);
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          // A visitor who left mid-page is no error of ours.
          if (shellRendered && !request.signal.aborted) console.error(error);
        },
      },
    );
  });
}
