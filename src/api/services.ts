import type { Db } from "../db/client.ts";
import { createAnnouncementRepository } from "./modules/announcements/repository.ts";
import { createAnnouncementService } from "./modules/announcements/service.ts";
import { createNavigationRepository } from "./modules/navigation/repository.ts";
import { createNavigationService } from "./modules/navigation/service.ts";
import { createProductRepository } from "./modules/products/repository.ts";
import { createProductService } from "./modules/products/service.ts";
import { createProductListRepository } from "./modules/products/list-repository.ts";
import { createProductListService } from "./modules/products/list-service.ts";

/** Wires repositories into services once per process. */
export function createServices(db: Db, clock: () => Date = () => new Date()) {
  const productRepository = createProductRepository(db);
  const navigation = createNavigationService(createNavigationRepository(db));
  return {
    navigation,
    products: createProductService(productRepository, navigation, clock),
    productList: createProductListService(createProductListRepository(db)),
    productRepository,
    announcements: createAnnouncementService(createAnnouncementRepository(db), clock),
  };
}
export type Services = ReturnType<typeof createServices>;
