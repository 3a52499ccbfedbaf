import { z } from "zod";
import { SOCIAL_LOGIN_PROVIDERS } from "../../../config.ts";

export const providerSchema = z.enum(SOCIAL_LOGIN_PROVIDERS);

export const providersSchema = z.object({
  providers: z.array(providerSchema).describe("The providers this shop offers login with; empty when none is configured"),
});
export type SocialLoginProviders = z.infer<typeof providersSchema>;

export const startParams = z.object({ provider: providerSchema });
export const startQuery = z.object({
  next: z.string().optional().describe("Where to go after the login: a path of this shop; anything else goes to /"),
});

/** Everything optional: a browser arrives here, and whatever is missing or wrong sends it back to the login page. */
export const callbackQuery = z.looseObject({
  code: z.string().optional(),
  state: z.string().optional(),
  iss: z.string().optional(),
  error: z.string().optional(),
});
