import * as oidc from "openid-client";
import { createHmac } from "node:crypto";
import type { FacebookAppSettings, OidcClientSettings, SocialLoginProvider } from "../../../config.ts";
import { normalizeEmail } from "../../../domain/accounts/accounts.ts";
import { facebookSdkUrl } from "../../../domain/accounts/facebook-login.ts";
import { addressFromProvider } from "../../../domain/accounts/provider-address.ts";
import type { Address } from "../../../domain/checkout/cart-rules.ts";
import type { Locale } from "../../../domain/i18n/locales.ts";
import { formatPendingAction, parsePendingAction, type PendingAction } from "../../../domain/accounts/pending-action.ts";
import { PAYPAL_SCOPE } from "../../../domain/accounts/paypal-login.ts";
import { safeRedirectTarget } from "../../../domain/routing/redirects.ts";
import type { ErrorCode } from "../../error-codes.ts";
import { AppError } from "../../errors.ts";
import { hashToken } from "../../tokens.ts";
import type { SignedIn } from "../accounts/service.ts";
import type { SocialLoginRepository } from "./repository.ts";

/** How long a started login may take at the provider before its state is refused. */
export const SOCIAL_LOGIN_STATE_TTL_MS = 10 * 60 * 1000;
const SCOPES: Record<SocialLoginProvider, string> = { google: "openid email profile", apple: "openid email profile", paypal: PAYPAL_SCOPE };
/** PayPal's login answers in a popup: its redirect URI is a page of the storefront that hands code and state to the opener. */
export const PAYPAL_CALLBACK_PATH = "/auth/paypal-callback";

/**
 * A social login that cannot go on. The browser is sent back to the login page rather than shown
 * the error, so `code` is for the log: SOCIAL_LOGIN_STATE_INVALID (unknown, used or expired state),
 * SOCIAL_LOGIN_REFUSED (the provider or the checks of its answer), SOCIAL_LOGIN_EMAIL_TAKEN (an
 * account has the address and the provider does not vouch for it), SOCIAL_LOGIN_NO_EMAIL.
 */
export class SocialLoginError extends AppError {
  constructor(code: Extract<ErrorCode, `SOCIAL_LOGIN_${string}`>, message: string, options?: { cause?: unknown; status?: number }) {
    super(options?.status ?? 400, code, message);
    if (options?.cause !== undefined) this.cause = options.cause;
  }
}

export interface SocialLoginDeps {
  providers: Partial<Record<SocialLoginProvider, OidcClientSettings>>;
  facebook: FacebookAppSettings | undefined;
  publicUrl: string;
  clock: () => Date;
  signInCustomer(customerUuid: string, previousToken: string | undefined): Promise<SignedIn>;
  /** Keeps the address a provider shared (PayPal's, with the "address" scope) when the customer's address book is empty. */
  keepProviderAddress(customerUuid: string, address: Address): Promise<unknown>;
}

/** What the provider told about the person, from the ID token (and the userinfo endpoint when the token lacks the address). */
interface ProviderIdentity {
  subject: string;
  email: string | null;
  emailVerified: boolean;
  firstName: string | null;
  lastName: string | null;
  /** The postal address, when the provider shared one the shop can deliver to. */
  address: Address | null;
}

const text = (value: unknown): string | null => (typeof value === "string" && value.trim() ? value.trim() : null);
// Apple sends email_verified as the string "true".
const vouched = (value: unknown): boolean => value === true || value === "true";

/** A pending action in its text form, or null for none or a malformed one. */
function pendingActionOf(value: string | undefined): string | null {
  const action = parsePendingAction(value);
  return action && formatPendingAction(action);
}

/** Facebook's answer that leaves the customer logged out; the cause goes to the log. */
const notAuthenticated = (cause?: unknown) => {
  const error = new AppError(401, "NOT_AUTHENTICATED", "not authenticated");
  if (cause !== undefined) error.cause = cause;
  return error;
};

async function graphGet(app: FacebookAppSettings, path: string, query: Record<string, string>): Promise<Record<string, unknown>> {
  const response = await fetch(`${app.graphUrl}/${path}?${new URLSearchParams(query)}`, { signal: AbortSignal.timeout(10_000) }).catch((cause: unknown) => {
    throw notAuthenticated(cause);
  });
  const body = (await response.json().catch(() => ({}))) as Record<string, unknown>;
  if (!response.ok) throw notAuthenticated(new Error(`Facebook answered ${response.status} for ${path}`));
  return body;
}

/**
 * Asks Facebook whether the token is valid and was issued to this app with the e-mail permission
 * (debug_token, with the app's own token), then who it belongs to (me, signed with appsecret_proof).
 * Facebook shares only an address its user confirmed, so the address counts as vouched for.
 */
async function facebookIdentity(app: FacebookAppSettings, accessToken: string): Promise<ProviderIdentity> {
  const debug = (await graphGet(app, "debug_token", { input_token: accessToken, access_token: `${app.appId}|${app.appSecret}` })).data as Record<string, unknown> | undefined;
  const scopes = Array.isArray(debug?.scopes) ? debug.scopes : [];
  if (!debug || debug.is_valid !== true || String(debug.app_id) !== app.appId || typeof debug.user_id !== "string" || !scopes.includes("email")) {
    throw notAuthenticated(new Error("Facebook did not confirm the token for this app with the e-mail permission"));
  }
  const proof = createHmac("sha256", app.appSecret).update(accessToken).digest("hex");
  const me = await graphGet(app, "me", { fields: "id,email,first_name,last_name", access_token: accessToken, appsecret_proof: proof });
  const email = text(me.email);
  if (String(me.id) !== debug.user_id || !email) throw notAuthenticated(new Error("Facebook shared no e-mail address for the token's user"));
  return { subject: debug.user_id, email: normalizeEmail(email), emailVerified: true, firstName: text(me.first_name), lastName: text(me.last_name), address: null };
}

export function createSocialLoginService(repo: SocialLoginRepository, deps: SocialLoginDeps) {
  const { clock } = deps;
  const discovered = new Map<SocialLoginProvider, Promise<oidc.Configuration>>();

  function settingsOf(provider: SocialLoginProvider): OidcClientSettings {
    const settings = deps.providers[provider];
    if (!settings) throw AppError.notFound("SOCIAL_LOGIN_PROVIDER_UNKNOWN", `Login with ${provider} is not offered.`, "provider");
    return settings;
  }

  /** The provider's metadata, fetched once per process; a failed discovery is tried again next time. */
  function configurationOf(provider: SocialLoginProvider): Promise<oidc.Configuration> {
    let configuration = discovered.get(provider);
    if (!configuration) {
      const settings = settingsOf(provider);
      // loadConfig allows plain http only for a provider on this machine outside production (tests).
      const insecure = new URL(settings.issuer).protocol === "http:" ? { execute: [oidc.allowInsecureRequests] } : undefined;
      configuration = oidc.discovery(new URL(settings.issuer), settings.clientId, settings.clientSecret, undefined, insecure);
      discovered.set(provider, configuration);
      configuration.catch(() => discovered.delete(provider));
    }
    return configuration;
  }

  const redirectUri = (provider: SocialLoginProvider) =>
    provider === "paypal" ? `${deps.publicUrl}${PAYPAL_CALLBACK_PATH}` : `${deps.publicUrl}/api/sign-in/${provider}/callback`;

  async function identityOf(
    provider: SocialLoginProvider,
    configuration: oidc.Configuration,
    tokens: oidc.TokenEndpointResponse & oidc.TokenEndpointResponseHelpers,
  ): Promise<ProviderIdentity> {
    const claims = tokens.claims();
    if (!claims) throw new SocialLoginError("SOCIAL_LOGIN_REFUSED", "The provider sent no ID token.");
    let source: Record<string, unknown> = claims;
    // PayPal tells the address (asked for with the "address" scope) at its userinfo endpoint.
    const wantsAddress = SCOPES[provider].split(" ").includes("address") && !claims.address;
    if ((!text(claims.email) || wantsAddress) && configuration.serverMetadata().userinfo_endpoint) {
      source = { ...claims, ...(await oidc.fetchUserInfo(configuration, tokens.access_token, claims.sub)) };
    }
    const email = text(source.email);
    const firstName = text(source.given_name);
    const lastName = text(source.family_name);
    return {
      subject: claims.sub,
      email: email && normalizeEmail(email),
      emailVerified: email !== null && vouched(source.email_verified),
      firstName,
      lastName,
      address: addressFromProvider(source.address, { firstName, lastName }),
    };
  }

  /** The customer this identity signs in as: linked before, found by a vouched address, or new. */
  async function customerFor(provider: SocialLoginProvider | "facebook", identity: ProviderIdentity, locale: string): Promise<{ uuid: string; created: boolean }> {
    const linked = await repo.findIdentity(provider, identity.subject);
    if (linked) return { uuid: linked.customerUuid, created: false };
    if (!identity.email) throw new SocialLoginError("SOCIAL_LOGIN_NO_EMAIL", `${provider} shared no e-mail address.`);
    const link = { provider, subject: identity.subject, email: identity.email, emailVerified: identity.emailVerified };
    const existing = await repo.findCustomerByEmail(identity.email);
    if (existing) {
      if (!identity.emailVerified) {
        throw new SocialLoginError("SOCIAL_LOGIN_EMAIL_TAKEN", `An account has this address and ${provider} does not vouch for it.`);
      }
      if (!existing.emailVerifiedAt) await repo.claimUnconfirmedAccount(existing.uuid, clock());
      return { uuid: (await linkOrFail({ ...link, customerUuid: existing.uuid })).customerUuid, created: false };
    }
    const created = await repo.insertCustomer({
      email: identity.email,
      locale,
      firstName: identity.firstName,
      lastName: identity.lastName,
      emailVerifiedAt: identity.emailVerified ? clock().toISOString() : null,
    });
    if (!created) throw new SocialLoginError("SOCIAL_LOGIN_EMAIL_TAKEN", "The address got an account meanwhile.");
    return { uuid: (await linkOrFail({ ...link, customerUuid: created.uuid })).customerUuid, created: true };
  }

  async function linkOrFail(row: Parameters<SocialLoginRepository["linkIdentity"]>[0]) {
    const link = await repo.linkIdentity(row);
    if (!link) throw new SocialLoginError("SOCIAL_LOGIN_REFUSED", "The identity could not be linked.");
    return link;
  }

  return {
    configuredProviders(): SocialLoginProvider[] {
      return (Object.keys(deps.providers) as SocialLoginProvider[]).filter((provider) => deps.providers[provider]);
    },

    /** Throws 404 for a provider that is not configured. */
    assertConfigured(provider: SocialLoginProvider): void {
      settingsOf(provider);
    },

    /** Remembers the checks for the callback and answers the provider's authorization address. */
    async start(provider: SocialLoginProvider, after: { next?: string | undefined; then?: string | undefined }): Promise<{ url: string; state: string }> {
      const configuration = await configurationOf(provider);
      const state = oidc.randomState();
      const nonce = oidc.randomNonce();
      const codeVerifier = oidc.randomPKCECodeVerifier();
      const now = clock();
      await repo.deleteExpiredStates(now);
      await repo.insertState({
        stateHash: hashToken(state),
        provider,
        nonce,
        codeVerifier,
        nextTarget: safeRedirectTarget(after.next),
        pendingAction: pendingActionOf(after.then),
        expiresAt: new Date(now.getTime() + SOCIAL_LOGIN_STATE_TTL_MS).toISOString(),
      });
      const url = oidc.buildAuthorizationUrl(configuration, {
        redirect_uri: redirectUri(provider),
        scope: SCOPES[provider],
        state,
        nonce,
        code_challenge: await oidc.calculatePKCECodeChallenge(codeVerifier),
        code_challenge_method: "S256",
      });
      return { url: url.toString(), state };
    },

    /**
     * Takes the state (once), has the code exchanged with the PKCE verifier, the ID token checked
     * with the nonce, and signs the customer in. `query` is the callback's query string as it came.
     */
    async complete(
      provider: SocialLoginProvider,
      query: string,
      context: { locale: string; previousToken: string | undefined },
    ): Promise<{ signedIn: SignedIn; next: string; pending: PendingAction | null; created: boolean }> {
      const callback = new URL(redirectUri(provider));
      callback.search = query;
      const state = callback.searchParams.get("state");
      const stored = state ? await repo.takeState(hashToken(state)) : undefined;
      if (!state || !stored || stored.provider !== provider || new Date(stored.expiresAt) <= clock()) {
        throw new SocialLoginError("SOCIAL_LOGIN_STATE_INVALID", "The login's state is unknown, used or expired.");
      }
      const configuration = await configurationOf(provider);
      let tokens: Awaited<ReturnType<typeof oidc.authorizationCodeGrant>>;
      try {
        tokens = await oidc.authorizationCodeGrant(configuration, callback, {
          pkceCodeVerifier: stored.codeVerifier,
          expectedState: state,
          expectedNonce: stored.nonce,
          idTokenExpected: true,
        });
      } catch (cause) {
        throw new SocialLoginError("SOCIAL_LOGIN_REFUSED", `${provider} refused the login or its answer failed the checks.`, { cause });
      }
      const identity = await identityOf(provider, configuration, tokens);
      const customer = await customerFor(provider, identity, context.locale);
      if (identity.address) await deps.keepProviderAddress(customer.uuid, identity.address);
      return {
        signedIn: await deps.signInCustomer(customer.uuid, context.previousToken),
        next: stored.nextTarget,
        pending: parsePendingAction(stored.pendingAction),
        created: customer.created,
      };
    },

    /** The public part of the Facebook app, for the browser's SDK (never the secret). */
    facebookBrowserSettings(locale: Locale): { appId: string; sdkUrl: string } | undefined {
      return deps.facebook && { appId: deps.facebook.appId, sdkUrl: facebookSdkUrl(deps.facebook.sdkUrl, locale) };
    },

    /** The social logins connected to the customer's account. */
    async identities(customer: { uuid: string }) {
      return (await repo.identitiesOf(customer.uuid)).map((row) => ({ ...row, createdAt: new Date(row.createdAt).toISOString() }));
    },

    /** Disconnects one of the customer's own social logins; another customer's is answered as unknown. */
    async disconnect(customer: { uuid: string }, provider: string, subject: string) {
      const result = await repo.unlinkIdentity(customer.uuid, provider, subject);
      if (result === "not-found") throw AppError.notFound("IDENTITY_NOT_FOUND", "No such social login on this account.", "params.subject");
      if (result === "last-login") {
        throw new AppError(409, "LAST_LOGIN_METHOD", "This is the account's only way to log in: set a password first.", "params.subject");
      }
      return this.identities(customer);
    },

    /**
     * Signs in with a Facebook access token from the browser's SDK, after Facebook confirmed it was
     * issued to this shop's app, is valid and carries the e-mail permission.
     */
    async facebookLogin(accessToken: string, context: { locale: string; previousToken: string | undefined }): Promise<{ signedIn: SignedIn; created: boolean }> {
      const app = deps.facebook;
      if (!app) throw AppError.notFound("SOCIAL_LOGIN_PROVIDER_UNKNOWN", "Login with facebook is not offered.", "provider");
      const identity = await facebookIdentity(app, accessToken);
      const customer = await customerFor("facebook", identity, context.locale);
      return { signedIn: await deps.signInCustomer(customer.uuid, context.previousToken), created: customer.created };
    },
  };
}

export type SocialLoginService = ReturnType<typeof createSocialLoginService>;
