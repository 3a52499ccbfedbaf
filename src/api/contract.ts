/**
 * The API's contract as its clients see it: the request and response types of every operation
 * the storefront uses, gathered from each module's schemas.ts. src/web and src/ssr import from
 * src/api only this file (lint enforces it), so a module's internals can change freely. It holds
 * types only, so nothing of the server can reach the browser's bundle through it.
 */
export type { ErrorItem } from "./errors.ts";
export type { AnnouncementsView } from "./modules/announcements/schemas.ts";
export type { NavigationNode, NavigationView, PopularCategoriesView } from "./modules/navigation/schemas.ts";
export type { Facets, ProductCard, ProductListParams, ProductListView } from "./modules/products/list-schemas.ts";
export type { SuggestionsView } from "./modules/search/schemas.ts";
export type { AuthorsView, TopProductsView } from "./modules/products/ranking-schemas.ts";
export type { ProductDescription, ProductSummary, ProductView, WristbandSelection } from "./modules/products/schemas.ts";
export type { LandingPage } from "./modules/landing-pages/schemas.ts";
export type { SeoBlock } from "./modules/seo/schemas.ts";
export type { Article, BlogList, ContentPage, LegalDocument, OpsContentDocument, OpsContentList, OpsContentUpdate } from "./modules/content/schemas.ts";
export type { RecommendationView } from "./modules/recommendations/schemas.ts";
export type { ReviewList } from "./modules/reviews/schemas.ts";
export type {
  AddressBook,
  AddressBookEntry,
  EmailVerificationResult,
  LoginResult,
  PasswordResetResult,
  Profile,
  RegistrationResult,
  UserMeta,
  VerificationSent,
} from "./modules/accounts/schemas.ts";
export type { ConnectedIdentities, PopupLoginStart, SocialLoginProviders } from "./modules/social-login/schemas.ts";
export type { NewsletterPreference } from "./modules/newsletter/schemas.ts";
export type { TradeInSearchView, TradeInQuestions, TradeInOffer } from "./modules/selling/offer-schemas.ts";
export type { SellCartView } from "./modules/selling/sell-cart-schemas.ts";
export type { SaleView, SaleList, CheckedOutSale } from "./modules/selling/sale-schemas.ts";
export type { CartView } from "./modules/cart/schemas.ts";
export type { OrderList, OrderView, PlacedOrder } from "./modules/orders/schemas.ts";
export type { PaymentReturn } from "./modules/payments/schemas.ts";
export type { BuyAlertChange, BuyAlertsView, WatchStatus, WishedAmong, WishlistToggle, WishlistView } from "./modules/alerts/schemas.ts";
export type { OwnReview, OwnReviewAnswer } from "./modules/reviews/schemas.ts";
