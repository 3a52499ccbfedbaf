import { z } from "zod";
import { REDIRECT_LOGIN_PROVIDERS, SOCIAL_LOGIN_PROVIDERS } from "../../../config.ts";
import { operationErrors, type OperationError } from "../../error-codes.ts";
import { textParam } from "../../schemas.ts";

export const providerSchema = z.enum([...SOCIAL_LOGIN_PROVIDERS, "facebook"]);

export const providersSchema = z.object({
  providers: z.array(providerSchema).describe("The providers this shop offers login with; empty when none is configured"),
  facebook: z
    .object({
      appId: z.string().describe("The shop's Facebook app, for FB.init"),
      sdkUrl: z.string().describe("Where the browser loads Facebook's JavaScript SDK, in the request's language"),
    })
    .optional()
    .describe("What the browser needs for Facebook's SDK; only when Facebook login is offered"),
});
export type SocialLoginProviders = z.infer<typeof providersSchema>;

export const startParams = z.object({ provider: z.enum(REDIRECT_LOGIN_PROVIDERS) });
const then = z
  .string()
  .max(200)
  .optional()
  .describe("An action that needed the login, run right after it: wish:{productId} or alert:{productId}:{grades|any}; anything else is ignored");
export const startQuery = z.object({
  next: z.string().max(2000).optional().describe("Where to go after the login: a path of this shop; anything else goes to /"),
  then,
});

/** Everything optional: a browser arrives here, and whatever is missing or wrong sends it back to the login page. */
export const callbackQuery = z.looseObject({
  code: z.string().optional(),
  state: z.string().optional(),
  iss: z.string().optional(),
  error: z.string().optional(),
});

export type ConnectedIdentities = z.infer<typeof identitiesSchema>;
export type PopupLoginStart = z.infer<typeof popupStartSchema>;

export const popupStartSchema = z.object({
  authorizationUrl: z.url().describe("The provider's login page, for the popup"),
  state: z.string().describe("Kept by the browser and compared with the state the callback page hands over"),
});

const token = (label: string) => textParam(label, 4096);

export const paypalLoginBody = z.object({
  authorizationCode: token("authorizationCode"),
  state: token("state"),
  iss: z.string().max(500).optional().describe("The issuer the callback named, when it named one"),
  previousUrl: z.string().max(2000).optional(),
});

export type PaypalLoginBody = z.input<typeof paypalLoginBody>;

export const facebookLoginBody = z.object({
  accessToken: token("accessToken"),
  expiresIn: z.number().int().positive().max(10 * 365 * 24 * 3600).describe("Seconds until the token expires, as Facebook's SDK reports it"),
  previousUrl: z.string().max(2000).optional(),
});

export type FacebookLoginBody = z.input<typeof facebookLoginBody>;

/** A redirect login's start and callback: a provider that is not configured (its failures go back to the login page, not here). */
export const signInRedirectErrors = operationErrors({ 400: ["VALIDATION_FAILED"], 404: ["SOCIAL_LOGIN_PROVIDER_UNKNOWN"] });
export const paypalLoginStartErrors = operationErrors({ 404: ["SOCIAL_LOGIN_PROVIDER_UNKNOWN"], 502: ["SOCIAL_LOGIN_UNAVAILABLE"] });
export type PaypalLoginStartError = OperationError<typeof paypalLoginStartErrors>;
export const paypalLoginErrors = operationErrors({
  400: ["VALIDATION_FAILED", "SOCIAL_LOGIN_STATE_INVALID", "SOCIAL_LOGIN_REFUSED", "SOCIAL_LOGIN_EMAIL_TAKEN", "SOCIAL_LOGIN_NO_EMAIL"],
  401: ["NOT_AUTHENTICATED"],
  404: ["SOCIAL_LOGIN_PROVIDER_UNKNOWN"],
});
export type PaypalLoginError = OperationError<typeof paypalLoginErrors>;
export const facebookLoginErrors = operationErrors({
  400: ["VALIDATION_FAILED", "SOCIAL_LOGIN_EMAIL_TAKEN", "SOCIAL_LOGIN_REFUSED"],
  401: ["NOT_AUTHENTICATED"],
  404: ["SOCIAL_LOGIN_PROVIDER_UNKNOWN"],
});
export type FacebookLoginError = OperationError<typeof facebookLoginErrors>;
export const identitiesErrors = operationErrors({ 401: ["NOT_AUTHENTICATED"] });
export type IdentitiesError = OperationError<typeof identitiesErrors>;
export const disconnectIdentityErrors = operationErrors({ 400: ["VALIDATION_FAILED"], 401: ["NOT_AUTHENTICATED"], 404: ["IDENTITY_NOT_FOUND"], 409: ["LAST_LOGIN_METHOD"] });
export type DisconnectIdentityError = OperationError<typeof disconnectIdentityErrors>;

export const identitiesSchema = z.object({
  identities: z.array(
    z.object({
      provider: z.string().describe("google, apple, paypal or facebook"),
      subject: z.string().describe("The provider's id of the person"),
      email: z.string().nullable().describe("The address the provider reported"),
      createdAt: z.string().describe("When it was connected"),
    }),
  ),
});

export const identityParams = z.object({
  provider: providerSchema,
  subject: textParam("Subject", 255),
});
