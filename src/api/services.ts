import type { Config } from "../config.ts";
import type { Db } from "../db/client.ts";
import type { Mailer } from "../mail/mailer.ts";
import { createAnnouncementRepository } from "./modules/announcements/repository.ts";
import { createAnnouncementService } from "./modules/announcements/service.ts";
import { createNavigationRepository } from "./modules/navigation/repository.ts";
import { createNavigationService } from "./modules/navigation/service.ts";
import { createProductRepository } from "./modules/products/repository.ts";
import { createProductService } from "./modules/products/service.ts";
import { createProductListRepository } from "./modules/products/list-repository.ts";
import { createProductListService } from "./modules/products/list-service.ts";
import { createNewsletterRepository } from "./modules/newsletter/repository.ts";
import { createNewsletterService } from "./modules/newsletter/service.ts";
import { createAccountRepository } from "./modules/accounts/repository.ts";
import { createAccountService } from "./modules/accounts/service.ts";
import { createEventForwarder } from "./modules/recommendations/forwarder.ts";
import { createRecommendationRepository } from "./modules/recommendations/repository.ts";
import { createRecommendationService } from "./modules/recommendations/service.ts";

interface ServiceDeps {
  config: Config;
  mailer: Mailer;
  clock?: () => Date;
}

/** Wires repositories into services once per process. */
export function createServices(db: Db, deps: ServiceDeps) {
  const clock = deps.clock ?? (() => new Date());
  const productRepository = createProductRepository(db);
  const navigation = createNavigationService(createNavigationRepository(db));
  return {
    navigation,
    products: createProductService(productRepository, navigation, clock),
    productList: createProductListService(createProductListRepository(db), clock),
    productRepository,
    announcements: createAnnouncementService(createAnnouncementRepository(db), clock),
    accounts: createAccountService(createAccountRepository(db), clock),
    recommendations: createRecommendationService(createRecommendationRepository(db), createEventForwarder(deps.config.RECOMMENDATION_EVENTS_URL)),
    newsletter: createNewsletterService(createNewsletterRepository(db), { config: deps.config, mailer: deps.mailer, clock }),
  };
}
export type Services = ReturnType<typeof createServices>;
