import type { FastifyInstance } from "fastify";
import type { ReceivedMail, TestSmtpServer } from "./smtp-test-server.ts";

export const SESSION = "reloop-session";
export type Cookies = Record<string, string>;
type Method = "GET" | "POST" | "PUT" | "DELETE";

export function sessionOf(res: { cookies: { name: string; value: string }[] }): Cookies {
  const cookie = res.cookies.find((c) => c.name === SESSION);
  if (!cookie?.value) throw new Error("no session cookie");
  return { [SESSION]: cookie.value };
}

/** The token of the mail's link to `path` (e.g. /auth/reset), from the plain text. */
export function tokenIn(received: ReceivedMail | undefined, path: string): string {
  const match = new RegExp(`${path.replaceAll("/", "\\/")}\\?token=([\\w-]+)`).exec(received?.mail.text ?? "");
  if (!match?.[1]) throw new Error(`no ${path} link in the mail`);
  return match[1];
}

/**
 * Calls of the account API for tests whose app sends mail to the test SMTP server through the
 * job queue: `drain` runs the jobs, so a mail is there once it has been called.
 */
export function accountCalls(deps: { app: () => FastifyInstance; smtp: () => TestSmtpServer; drain: () => Promise<unknown> }) {
  function call(method: Method, url: string, options: { payload?: unknown; cookies?: Cookies; headers?: Record<string, string>; remoteAddress?: string } = {}) {
    return deps.app().inject({
      method,
      url,
      cookies: options.cookies ?? {},
      headers: options.headers ?? {},
      ...(options.remoteAddress ? { remoteAddress: options.remoteAddress } : {}),
      ...(options.payload === undefined ? {} : { payload: options.payload as object }),
    });
  }
  /** Every mail to the address so far, after running what is due. */
  async function mailsTo(address: string): Promise<ReceivedMail[]> {
    await deps.drain();
    return deps.smtp().to(address);
  }
  async function lastMailTo(address: string): Promise<ReceivedMail | undefined> {
    return (await mailsTo(address)).at(-1);
  }
  return {
    call,
    mailsTo,
    lastMailTo,
    register: (body: object, cookies: Cookies = {}) => call("POST", "/api/customer/registrations", { payload: body, cookies }),
    login: (email: string, password: string, cookies: Cookies = {}) => call("POST", "/api/customer/login", { payload: { credentials: { email, password } }, cookies }),
    userMeta: (cookies: Cookies) => call("POST", "/api/user-meta", { payload: { withCart: false }, cookies }),
    verify: (token: string, cookies: Cookies = {}) => call("POST", "/api/customer/email-verifications", { payload: { token }, cookies }),
    /** A new account with its address confirmed, signed in by the confirmation link. */
    async signUp(email: string, password = "a good password", locale = "de"): Promise<Cookies> {
      const registered = await call("POST", "/api/customer/registrations", { payload: { email, password, locale } });
      if (registered.statusCode !== 202) throw new Error(`registration answered ${registered.statusCode}`);
      const confirmed = await call("POST", "/api/customer/email-verifications", { payload: { token: tokenIn(await lastMailTo(email), "/auth/verify-email") } });
      if (confirmed.statusCode !== 200) throw new Error(`confirmation answered ${confirmed.statusCode}`);
      return sessionOf(confirmed);
    },
  };
}
