/**
 * The three platforms of the product: blue (buying), green (selling / trade-in),
 * my (the account area). Layout accent, search history and post-login targets depend on it.
 */
export const PLATFORMS = ["blue", "green", "my"] as const;
export type Platform = (typeof PLATFORMS)[number];
