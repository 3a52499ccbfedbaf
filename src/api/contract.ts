/**
 * The API's contract as its clients see it: the request and response types of every operation
 * the storefront uses, and the error codes each may answer, gathered from each module's
 * schemas.ts. src/web and src/ssr import from src/api only this file (lint enforces it), so a
 * module's internals can change freely. It holds types only, so nothing of the server can reach
 * the browser's bundle through it.
 *
 * Requests: a body as the API reads it (`z.input` of its schema), a query as QueryParams (parsed
 * values, which the client encodes). Errors: per operation, the union of its codes and the
 * general ones (`…Error`); renaming a code in the catalogue (error-codes.ts) breaks every
 * comparison against it.
 */
export type { ErrorItem } from "./errors.ts";
export type { ErrorCode, FrameworkErrorCode, GeneralError } from "./error-codes.ts";
export type { AddressInput } from "./schemas.ts";
export type { AnnouncementsError, AnnouncementsView } from "./modules/announcements/schemas.ts";
export type {
  NavigationError,
  NavigationNode,
  NavigationQuery,
  NavigationView,
  PopularCategoriesError,
  PopularCategoriesQuery,
  PopularCategoriesView,
} from "./modules/navigation/schemas.ts";
export type { Facets, ProductCard, ProductListError, ProductListParams, ProductListView } from "./modules/products/list-schemas.ts";
export type { SuggestionsError, SuggestionsQuery, SuggestionsView } from "./modules/search/schemas.ts";
export type { AuthorsQuery, AuthorsView, RankingError, TopProductsParams, TopProductsView } from "./modules/products/ranking-schemas.ts";
export type {
  ProductDescription,
  ProductDescriptionError,
  ProductSummary,
  ProductView,
  ProductViewError,
  ProductViewQuery,
  WristbandSelection,
  WristbandSelectionError,
} from "./modules/products/schemas.ts";
export type { LandingPage, LandingPageError } from "./modules/landing-pages/schemas.ts";
export type { SeoBlock, SeoBlockError } from "./modules/seo/schemas.ts";
export type {
  Article,
  ArticleError,
  BlogList,
  BlogListError,
  BlogListQuery,
  ContentPage,
  ContentPageError,
  LegalDocument,
  LegalDocumentError,
  OpsContentCreateBody,
  OpsContentCreateError,
  OpsContentDocument,
  OpsContentDocumentError,
  OpsContentError,
  OpsContentList,
  OpsContentListQuery,
  OpsContentPreviewBody,
  OpsContentUpdate,
  OpsContentUpdateError,
} from "./modules/content/schemas.ts";
export type { RecommendationError, RecommendationParams, RecommendationView } from "./modules/recommendations/schemas.ts";
export type { OwnReview, OwnReviewAnswer, OwnReviewError, ReviewList, ReviewListError, ReviewListQuery, WriteReviewBody, WriteReviewError } from "./modules/reviews/schemas.ts";
export type {
  AddressBook,
  AddressBookEntry,
  AddressBookEntryBody,
  AddressChangeError,
  AddressCreateError,
  AddressDefaultsBody,
  AddressListError,
  ChangeEmailBody,
  ChangeEmailError,
  ChangePasswordBody,
  ChangePasswordError,
  CustomerUpdateError,
  EmailVerificationBody,
  EmailVerificationError,
  EmailVerificationRequestError,
  EmailVerificationResult,
  LoginBody,
  LoginError,
  LoginResult,
  PasswordResetBody,
  PasswordResetError,
  PasswordResetRequestBody,
  PasswordResetRequestError,
  PasswordResetResult,
  Profile,
  ProfileBody,
  RegisterBody,
  RegisterError,
  RegistrationResult,
  UpdateLocaleBody,
  UserMeta,
  UserMetaBody,
  UserMetaError,
  VerificationSent,
} from "./modules/accounts/schemas.ts";
export type {
  ConnectedIdentities,
  DisconnectIdentityError,
  FacebookLoginBody,
  FacebookLoginError,
  IdentitiesError,
  PaypalLoginBody,
  PaypalLoginError,
  PaypalLoginStartError,
  PopupLoginStart,
  SocialLoginProviders,
} from "./modules/social-login/schemas.ts";
export type {
  NewsletterConfirmBody,
  NewsletterConfirmError,
  NewsletterPreference,
  NewsletterPreferenceBody,
  NewsletterPreferenceError,
  NewsletterPreferenceUpdateError,
  NewsletterSubscribeBody,
  NewsletterSubscribeError,
} from "./modules/newsletter/schemas.ts";
export type {
  TradeInOffer,
  TradeInOfferBody,
  TradeInOfferError,
  TradeInQuestions,
  TradeInQuestionsError,
  TradeInSearchError,
  TradeInSearchParams,
  TradeInSearchView,
} from "./modules/selling/offer-schemas.ts";
export type {
  SellCartAddBody,
  SellCartAddError,
  SellCartAnswersError,
  SellCartQuery,
  SellCartRemoveError,
  SellCartRemoveExpressGradingError,
  SellCartSetCouponError,
  SellCartSetExpressGradingError,
  SellCartShippingError,
  SellCartView,
  SellCartViewError,
  SellCouponBody,
  SellShippingBody,
} from "./modules/selling/sell-cart-schemas.ts";
export type {
  CheckedOutSale,
  PayoutAccountBody,
  PayoutAccountError,
  SaleCounterofferError,
  SaleList,
  SaleListError,
  SaleListQuery,
  SaleView,
  SaleViewError,
  SellCheckoutBody,
  SellCheckoutError,
} from "./modules/selling/sale-schemas.ts";
export type {
  CartAddItemBody,
  CartAddItemError,
  CartCouponBody,
  CartOptionsBody,
  CartRemoveItemError,
  CartRemoveItemQuery,
  CartSetCouponError,
  CartSimulateCouponBody,
  CartSimulateCouponError,
  CartUpdateItemBody,
  CartUpdateItemError,
  CartUpdateOptionsError,
  CartView,
  CheckoutAddressBody,
  CheckoutSetAddressError,
} from "./modules/cart/schemas.ts";
export type { OrderList, OrderListError, OrderListQuery, OrderView, OrderViewError, PlacedOrder, PlaceOrderBody, PlaceOrderError } from "./modules/orders/schemas.ts";
export type { CancellationView, CustomerCancelError, OpsCancelError, RefundError, RefundInput, RefundView } from "./modules/orders/refund-schemas.ts";
export type { PaymentReturn, SandboxVerdictBody, SandboxVerdictError, StripeAbandonBody, StripeReturnError, StripeSessionBody } from "./modules/payments/schemas.ts";
export type {
  BuyAlertBody,
  BuyAlertChange,
  BuyAlertDeleteError,
  BuyAlertPutError,
  BuyAlertsView,
  BuyAlertsViewError,
  WatchReadError,
  WatchStatus,
  WishedAmong,
  WishedQuery,
  WishError,
  WishlistQuery,
  WishlistToggle,
  WishlistView,
} from "./modules/alerts/schemas.ts";
export type {
  AuditLogError,
  InvitationAcceptError,
  AuditLogQuery,
  AuditPage,
  OpsMe,
  OpsMeError,
  PasskeyDeleteError,
  PasskeyOptions,
  PasskeyRegisterError,
  PasskeyRegisterInput,
  PasskeyView,
  SecondFactorError,
  SecondFactorInput,
  StaffInviteError,
  StaffInviteInput,
  StaffList,
  StaffListError,
  StaffMemberView,
  StaffUpdateError,
  StaffUpdateInput,
  TotpSetup,
  TotpSetupError,
} from "./modules/staff/schemas.ts";
export type {
  DuePayouts,
  DuePayoutsError,
  PayoutBatchCreateError,
  PayoutBatchCreateInput,
  PayoutBatchError,
  PayoutBatchExecutedError,
  PayoutBatchList,
  PayoutBatchView,
} from "./modules/selling/payout-schemas.ts";
export type {
  OpsInspectionError,
  OpsInspectionInput,
  OpsSaleList,
  OpsSaleListError,
  OpsSaleListQuery,
  OpsSaleReceiveError,
  OpsSaleReceiveInput,
  OpsSaleView,
  OpsSaleViewError,
  UnmatchedParcelError,
  UnmatchedParcelInput,
  UnmatchedParcelList,
} from "./modules/selling/sale-ops-schemas.ts";
export type {
  CouponListQuery,
  OpsBuyCoupon,
  OpsCoupon,
  OpsCouponCreateError,
  OpsCouponCreateInput,
  OpsCouponList,
  OpsCouponListError,
  OpsCouponUpdateError,
  OpsCouponUpdateInput,
  OpsSellCoupon,
} from "./modules/coupons/schemas.ts";
export type {
  OpsPriceChange,
  OpsPriceOverrideDeleteError,
  OpsPriceOverrideInput,
  OpsPriceOverrideSetError,
  OpsPriceRule,
  OpsPriceRuleApplied,
  OpsPriceRuleApplyError,
  OpsPriceRuleApplyInput,
  OpsPriceRuleInput,
  OpsPriceRuleList,
  OpsPriceRuleListError,
  OpsPriceRulePreview,
  OpsPriceRulePreviewError,
  OpsPriceRuleSaveError,
  OpsPriceRuleViewError,
  OpsProductPriceList,
  OpsProductPriceListError,
  OpsProductPrices,
  OpsProductPricesError,
  OpsPurchasePricesError,
  OpsPurchasePricesInput,
  PriceRulePreviewQuery,
  ProductPriceListQuery,
} from "./modules/pricing/schemas.ts";
export type { SalePhotoDeleteError, SalePhotoUploadError, SalePhotoViewError } from "./modules/selling/sale-photo-schemas.ts";
export type { OpsUnit, OpsUnitCreateError, OpsUnitCreateInput, OpsUnitList, OpsUnitListError, OpsUnitListQuery, OpsUnitUpdateError, OpsUnitUpdateInput } from "./modules/units/schemas.ts";
export type {
  MarginReport,
  MarginReportQuery,
  MarginRow,
  OrderReport,
  OrderReportRow,
  PayoutReport,
  PayoutReportRow,
  PeriodReportQuery,
  RefundReport,
  RefundReportRow,
  ReportError,
} from "./modules/reports/schemas.ts";
export type { DashboardPart, OpsDashboard, OpsDashboardError, OpsDashboardQuery } from "./modules/dashboard/schemas.ts";
export type {
  OpsBankStatementImport,
  OpsBankTransfer,
  OpsBankTransferList,
  OpsStatementImportError,
  OpsTransferBookError,
  OpsTransferBookInput,
  OpsTransferListError,
  TransferListQuery,
} from "./modules/bank-transfers/schemas.ts";
export type { OpsOrder, OpsOrderList, OpsOrderListError, OpsOrderListQuery, OpsOrderViewError, OpsPickError, OpsShipError, OpsShipInput } from "./modules/orders/fulfilment-schemas.ts";
export type {
  ClaimCreateBody,
  ClaimCreateError,
  ClaimDecideError,
  ClaimDecisionInput,
  ClaimPhotoError,
  ClaimView,
  OpsClaim,
  OpsClaimList,
  OpsReturn,
  OpsReturnItem,
  OpsReturnList,
  ReceiveError,
  ReceiveInput,
  ReturnCancelError,
  ReturnCreateBody,
  ReturnCreateError,
  ReturnDecideError,
  ReturnDecisionBody,
  ReturnOverview,
  ReturnOverviewError,
  ReturnView,
} from "./modules/returns/schemas.ts";
export type { CustomerViewError, OpsCustomer, OpsCustomerList, OpsCustomerNote, OpsCustomerStory } from "./modules/support/schemas.ts";
export type {
  OpsPictureChangeError,
  OpsPictureOrderInput,
  OpsPictureUploadError,
  OpsProduct,
  OpsProductCreateError,
  OpsProductInput,
  OpsProductList,
  OpsProductListError,
  OpsProductListQuery,
  OpsProductPicture,
  OpsProductUpdateError,
  OpsProductViewError,
} from "./modules/products/ops-schemas.ts";
export type {
  OpsCategory,
  OpsCategoryCreateError,
  OpsCategoryInput,
  OpsCategoryNode,
  OpsCategoryTree,
  OpsCategoryTreeError,
  OpsCategoryUpdateError,
  OpsCategoryViewError,
} from "./modules/products/category-ops-schemas.ts";
