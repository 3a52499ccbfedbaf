import * as oidc from "openid-client";
import type { OidcClientSettings, SocialLoginProvider } from "../../../config.ts";
import { normalizeEmail } from "../../../domain/accounts/accounts.ts";
import { safeRedirectTarget } from "../../../domain/routing/redirects.ts";
import { AppError } from "../../errors.ts";
import { hashToken } from "../../tokens.ts";
import type { SignedIn } from "../accounts/service.ts";
import type { SocialLoginRepository } from "./repository.ts";

/** How long a started login may take at the provider before its state is refused. */
export const SOCIAL_LOGIN_STATE_TTL_MS = 10 * 60 * 1000;
const SCOPE = "openid email profile";

/**
 * A social login that cannot go on. The browser is sent back to the login page rather than shown
 * the error, so `code` is for the log: SOCIAL_LOGIN_STATE_INVALID (unknown, used or expired state),
 * SOCIAL_LOGIN_REFUSED (the provider or the checks of its answer), SOCIAL_LOGIN_EMAIL_TAKEN (an
 * account has the address and the provider does not vouch for it), SOCIAL_LOGIN_NO_EMAIL.
 */
export class SocialLoginError extends AppError {
  constructor(code: string, message: string, options?: { cause?: unknown }) {
    super(400, code, message);
    if (options?.cause !== undefined) this.cause = options.cause;
  }
}

export interface SocialLoginDeps {
  providers: Partial<Record<SocialLoginProvider, OidcClientSettings>>;
  publicUrl: string;
  clock: () => Date;
  signInCustomer(customerUuid: string, previousToken: string | undefined): Promise<SignedIn>;
}

/** What the provider told about the person, from the ID token (and the userinfo endpoint when the token lacks the address). */
interface ProviderIdentity {
  subject: string;
  email: string | null;
  emailVerified: boolean;
  firstName: string | null;
  lastName: string | null;
}

const text = (value: unknown): string | null => (typeof value === "string" && value.trim() ? value.trim() : null);
// Apple sends email_verified as the string "true".
const vouched = (value: unknown): boolean => value === true || value === "true";

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

  const redirectUri = (provider: SocialLoginProvider) => `${deps.publicUrl}/api/sign-in/${provider}/callback`;

  async function identityOf(configuration: oidc.Configuration, tokens: oidc.TokenEndpointResponse & oidc.TokenEndpointResponseHelpers): Promise<ProviderIdentity> {
    const claims = tokens.claims();
    if (!claims) throw new SocialLoginError("SOCIAL_LOGIN_REFUSED", "The provider sent no ID token.");
    let source: Record<string, unknown> = claims;
    if (!text(claims.email) && configuration.serverMetadata().userinfo_endpoint) {
      source = await oidc.fetchUserInfo(configuration, tokens.access_token, claims.sub);
    }
    const email = text(source.email);
    return {
      subject: claims.sub,
      email: email && normalizeEmail(email),
      emailVerified: email !== null && vouched(source.email_verified),
      firstName: text(source.given_name),
      lastName: text(source.family_name),
    };
  }

  /** The customer this identity signs in as: linked before, found by a vouched address, or new. */
  async function customerFor(provider: SocialLoginProvider, identity: ProviderIdentity, locale: string): Promise<string> {
    const linked = await repo.findIdentity(provider, identity.subject);
    if (linked) return linked.customerUuid;
    if (!identity.email) throw new SocialLoginError("SOCIAL_LOGIN_NO_EMAIL", `${provider} shared no e-mail address.`);
    const link = { provider, subject: identity.subject, email: identity.email, emailVerified: identity.emailVerified };
    const existing = await repo.findCustomerByEmail(identity.email);
    if (existing) {
      if (!identity.emailVerified) {
        throw new SocialLoginError("SOCIAL_LOGIN_EMAIL_TAKEN", `An account has this address and ${provider} does not vouch for it.`);
      }
      if (!existing.emailVerifiedAt) await repo.claimUnconfirmedAccount(existing.uuid, clock());
      return (await linkOrFail({ ...link, customerUuid: existing.uuid })).customerUuid;
    }
    const created = await repo.insertCustomer({
      email: identity.email,
      locale,
      firstName: identity.firstName,
      lastName: identity.lastName,
      emailVerifiedAt: identity.emailVerified ? clock().toISOString() : null,
    });
    if (!created) throw new SocialLoginError("SOCIAL_LOGIN_EMAIL_TAKEN", "The address got an account meanwhile.");
    return (await linkOrFail({ ...link, customerUuid: created.uuid })).customerUuid;
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
    async start(provider: SocialLoginProvider, next: string | undefined): Promise<string> {
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
        nextTarget: safeRedirectTarget(next),
        expiresAt: new Date(now.getTime() + SOCIAL_LOGIN_STATE_TTL_MS).toISOString(),
      });
      return oidc
        .buildAuthorizationUrl(configuration, {
          redirect_uri: redirectUri(provider),
          scope: SCOPE,
          state,
          nonce,
          code_challenge: await oidc.calculatePKCECodeChallenge(codeVerifier),
          code_challenge_method: "S256",
        })
        .toString();
    },

    /**
     * Takes the state (once), has the code exchanged with the PKCE verifier, the ID token checked
     * with the nonce, and signs the customer in. `query` is the callback's query string as it came.
     */
    async complete(
      provider: SocialLoginProvider,
      query: string,
      context: { locale: string; previousToken: string | undefined },
    ): Promise<{ signedIn: SignedIn; next: string }> {
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
      const identity = await identityOf(configuration, tokens);
      const customerUuid = await customerFor(provider, identity, context.locale);
      return { signedIn: await deps.signInCustomer(customerUuid, context.previousToken), next: stored.nextTarget };
    },
  };
}

export type SocialLoginService = ReturnType<typeof createSocialLoginService>;
