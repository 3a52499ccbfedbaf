import { attributesOf, lineageIds, productSlug, productTexts, startingPurchasePrice } from "../../../domain/catalogue/catalogue-editing.ts";
import { identifierProblem, identifierProblemMessage, IDENTIFIER_KINDS, normalizeIdentifier } from "../../../domain/catalogue/identifiers.ts";
import type { Locale } from "../../../domain/i18n/locales.ts";
import { productHref } from "../../../domain/routing/paths.ts";
import type { StaffRole } from "../../../domain/staff/staff.ts";
import type { ErrorCode } from "../../error-codes.ts";
import { AppError } from "../../errors.ts";
import { requireRole, type StaffActor } from "../staff/service.ts";
import type { ProductFields, ProductFieldsRow, ProductOpsRepository, ProductOpsWriter, ProductSearch } from "./ops-repository.ts";
import type { OpsProduct, OpsProductList, OpsProductListQuery, ProductInput } from "./ops-schemas.ts";

/** Who keeps the catalogue (products, their pictures, categories): support, and admins. */
export const CATALOGUE_ROLES: readonly StaffRole[] = ["admin", "support"];
const PAGE_SIZE = 25;

export const productNotFound = (productId: number, reference = "params.productId") => AppError.notFound("PRODUCT_DOESNT_EXIST", `There is no product ${productId}.`, reference);

type Row = ProductFieldsRow & { categoryName: string | null; categoryPath: string | null; thumbnailUrl: string | null };

/** A search as staff type it: a name's part, an identifier as printed (compared normalised), or a product number. */
function searchOf(q: string | undefined): ProductSearch | undefined {
  if (!q) return undefined;
  const number = /^#?(\d{1,9})$/.exec(q)?.[1];
  return { text: q, identifier: normalizeIdentifier(q), productId: number ? Number(number) : null };
}

function summaryOf(row: Row) {
  return {
    id: row.id,
    name: row.name,
    slug: row.slug,
    brand: row.brand,
    category: { id: row.categoryId, name: row.categoryName ?? String(row.categoryId), path: row.categoryPath ?? "" },
    ean: row.ean,
    isbn: row.isbn,
    asin: row.asin,
    thumbnailUrl: row.thumbnailUrl,
    href: productHref(row.id, row.slug),
    createdAt: new Date(row.createdAt).toISOString(),
  };
}

/**
 * The catalogue's products as staff create and change them. Everything that makes a product a
 * product of the shop follows in the change's transaction: its slug from the name, its group_ids
 * from its category's place in the tree, its search documents (database triggers), the lists'
 * facet groups of its categories, and the audit row. The catalogue's change notifications then
 * drop every instance's cached lists, product views and kept pages.
 */
export function createProductOpsService(repo: ProductOpsRepository) {
  /** The product as staff set it, from what they sent: identifiers checked by their check digits, attributes each named once, the category's lineage. */
  async function fieldsOf(tx: ProductOpsWriter, input: ProductInput): Promise<ProductFields> {
    const problems: { code: ErrorCode; message: string; reference: string }[] = [];
    const identifiers = { ean: null as string | null, isbn: null as string | null, asin: null as string | null };
    for (const kind of IDENTIFIER_KINDS) {
      const typed = input[kind];
      if (typed === null || typed.trim() === "") continue;
      const problem = identifierProblem(kind, typed);
      if (problem) problems.push({ code: "IDENTIFIER_INVALID", message: identifierProblemMessage(kind, problem), reference: `body.${kind}` });
      else identifiers[kind] = normalizeIdentifier(typed);
    }
    const attributes = attributesOf(input.attributes);
    if ("duplicate" in attributes) problems.push({ code: "VALIDATION_FAILED", message: `The attribute "${input.attributes[attributes.duplicate]!.key}" is named twice.`, reference: `body.attributes.${attributes.duplicate}.key` });
    const groupIds = lineageIds(input.categoryId, await tx.categoryLinks());
    if (groupIds.length === 0) problems.push({ code: "CATEGORY_DOESNT_EXIST", message: `There is no category ${input.categoryId}.`, reference: "body.categoryId" });
    if (problems.length > 0) throw AppError.many(400, problems);
    return {
      name: input.name,
      slug: productSlug(input.name),
      brand: input.brand,
      categoryId: input.categoryId,
      groupIds,
      propColor: input.colour,
      propRom: input.storage,
      ...identifiers,
      attributes: "attributes" in attributes ? attributes.attributes : {},
      description: productTexts(input.description),
      bluePrice: input.bluePrice,
      chargerCompatible: input.chargerCompatible,
      assemblySplit: input.assemblySplit,
      allowedPurchase: input.allowedPurchase,
      purchaseStop: input.purchaseStop,
    };
  }

  async function current(productId: number, locale: Locale): Promise<OpsProduct> {
    const [row, media] = await Promise.all([repo.product(productId, locale), repo.media(productId)]);
    if (!row) throw productNotFound(productId);
    return {
      ...summaryOf(row),
      description: row.description,
      attributes: Object.entries(row.attributes).map(([key, value]) => ({ key, value })),
      colour: row.propColor,
      storage: row.propRom,
      bluePrice: row.bluePrice,
      chargerCompatible: row.chargerCompatible,
      assemblySplit: row.assemblySplit,
      allowedPurchase: row.allowedPurchase,
      purchaseStop: row.purchaseStop,
      pictures: media,
    };
  }

  return {
    current,

    async list(actor: StaffActor, query: OpsProductListQuery, locale: Locale): Promise<OpsProductList> {
      requireRole(actor, ...CATALOGUE_ROLES);
      const page = query.page ?? 1;
      const { rows, total } = await repo.list(searchOf(query.q), locale, (page - 1) * PAGE_SIZE, PAGE_SIZE);
      return { products: rows.map(summaryOf), page, pageSize: PAGE_SIZE, total };
    },

    async view(actor: StaffActor, productId: number, locale: Locale): Promise<OpsProduct> {
      requireRole(actor, ...CATALOGUE_ROLES);
      return current(productId, locale);
    },

    async create(actor: StaffActor, input: ProductInput, locale: Locale): Promise<OpsProduct> {
      requireRole(actor, ...CATALOGUE_ROLES);
      const id = await repo.inTransaction(async (tx) => {
        const fields = await fieldsOf(tx, input);
        const productId = await tx.nextProductId();
        await tx.insertProduct(productId, fields, startingPurchasePrice(fields.bluePrice));
        await tx.refreshFacetGroupsOf([fields.categoryId]);
        await tx.audit(actor, { action: "product.create", entityType: "product", entityId: String(productId), before: null, after: fields });
        return productId;
      });
      return current(id, locale);
    },

    async update(actor: StaffActor, productId: number, input: ProductInput, locale: Locale): Promise<OpsProduct> {
      requireRole(actor, ...CATALOGUE_ROLES);
      await repo.inTransaction(async (tx) => {
        const before = await tx.lockProduct(productId);
        if (!before) throw productNotFound(productId);
        const fields = await fieldsOf(tx, input);
        await tx.updateProduct(productId, fields);
        await tx.refreshFacetGroupsOf([before.categoryId, fields.categoryId]);
        const { id: _id, createdAt: _createdAt, ...was } = before;
        await tx.audit(actor, { action: "product.update", entityType: "product", entityId: String(productId), before: was, after: fields });
      });
      return current(productId, locale);
    },
  };
}
export type ProductOpsService = ReturnType<typeof createProductOpsService>;
