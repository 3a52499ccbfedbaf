import { describe, expect, it } from "vitest";
import type { OpsCategoryNode } from "../../../api/contract.ts";
import { categoryInputOf, categoryProblemsOf, parentChoices } from "./category-form.ts";
import { productInputOf, productProblemsOf, productValuesOf, type ProductFormValues } from "./product-form.ts";
import { movedOrder, pictureProblemBeforeSending } from "./product-pictures.tsx";

const typed = (fields: ProductFormValues["fields"], attributes: ProductFormValues["attributes"] = []): ProductFormValues => ({
  fields: { name: "Fairphone 5", brand: "Fairphone", categoryId: "1101", bluePrice: "699,00", "description.de": "Ein Telefon.", allowedPurchase: "on", ...fields },
  attributes,
});

describe("the product form", () => {
  it("sends what was typed as the API takes it: euros in cents, texts per language given, identifiers as printed", () => {
    const input = productInputOf(typed({ "description.en": " A phone. ", ean: "8 718819 372820", colour: " " }, [{ key: "year", value: "2023" }]));
    expect(input).toEqual({
      body: expect.objectContaining({ name: "Fairphone 5", categoryId: 1101, bluePrice: 69_900, description: { de: "Ein Telefon.", en: "A phone." }, ean: "8 718819 372820", isbn: null, colour: null, allowedPurchase: true, purchaseStop: false, attributes: [{ key: "year", value: "2023" }] }),
    });
  });

  it("says each problem at its field before anything is sent, the check digit it expected included", () => {
    const input = productInputOf(typed({ "description.de": "  ", ean: "8718819372821", isbn: "12345", bluePrice: "viel", name: "" }, [{ key: "year", value: "" }, { key: "a", value: "1" }, { key: "a", value: "2" }]));
    expect("problems" in input && input.problems).toEqual([
      { field: "name", problem: "required" },
      { field: "bluePrice", problem: "price" },
      { field: "description.de", problem: "defaultText" },
      { field: "ean", problem: "checkDigit", expected: "0" },
      { field: "isbn", problem: "isbnFormat" },
      { field: "attributes.0", problem: "attributePair" },
      { field: "attributes.2", problem: "attributeTwice" },
    ]);
  });

  it("reads the posted form, keeping only attribute rows with something typed", () => {
    const form = new FormData();
    for (const [k, v] of [["name", "X"], ["attributeKey", "year"], ["attributeValue", "2023"], ["attributeKey", ""], ["attributeValue", ""], ["description.de", "a\r\nb"], ["purchaseStop", "on"]]) form.append(k!, v!);
    const values = productValuesOf(form);
    expect(values.attributes).toEqual([{ key: "year", value: "2023" }]);
    expect(values.fields).toMatchObject({ name: "X", "description.de": "a\nb", purchaseStop: "on", allowedPurchase: "" });
  });

  it("puts the API's refusals at their fields", () => {
    const refusal = (code: string, reference: string) => ({ code, errors: [{ code, reference }] });
    expect(productProblemsOf(refusal("IDENTIFIER_INVALID", "body.asin"))).toEqual([{ field: "asin", problem: "identifier" }]);
    expect(productProblemsOf(refusal("VALIDATION_FAILED", "body.description.de"))).toEqual([{ field: "description.de", problem: "defaultText" }]);
    expect(productProblemsOf(refusal("VALIDATION_FAILED", "body.attributes.3.key"))).toEqual([{ field: "attributes.3", problem: "invalid" }]);
    expect(productProblemsOf(refusal("ROLE_REQUIRED", "session"))).toEqual([{ field: null, problem: "notAllowed" }]);
  });
});

describe("the category form", () => {
  it("sends the languages named, their segments when typed, and the kind only at the top", () => {
    const values = { parentId: "10", position: "", "name.de": "Faltbare Handys", "name.en": "Foldables", "segment.en": "Foldable-Phones", rootKind: "media" };
    expect(categoryInputOf(values)).toEqual({ body: { parentId: 10, isAccessory: false, translations: { de: { name: "Faltbare Handys" }, en: { name: "Foldables", segment: "foldable-phones" } } } });
    expect(categoryInputOf({ ...values, parentId: "" })).toMatchObject({ body: { parentId: null, rootKind: "media" } });
  });

  it("says each problem at its field", () => {
    const input = categoryInputOf({ parentId: "x", position: "-1", "name.de": "", "segment.fr": "mit leerzeichen" });
    expect("problems" in input && input.problems).toEqual([
      { field: "parentId", problem: "parent" },
      { field: "position", problem: "position" },
      { field: "name.de", problem: "defaultName" },
      { field: "segment.fr", problem: "segment" },
    ]);
    const taken = { code: "CATEGORY_PATH_TAKEN", errors: [{ code: "CATEGORY_PATH_TAKEN", reference: "body.translations.nl.segment" }] };
    expect(categoryProblemsOf(taken)).toEqual([{ field: "segment.nl", problem: "pathTaken" }]);
    expect(categoryProblemsOf({ code: "CATEGORY_MOVE_NOT_ALLOWED", errors: [{ code: "CATEGORY_MOVE_NOT_ALLOWED", reference: "body.parentId" }] })).toEqual([{ field: "parentId", problem: "belowItself" }]);
  });

  it("offers every parent but the category itself and what lies below it", () => {
    const node = (id: number, depth: number): OpsCategoryNode => ({ id, depth, parentId: null, position: 0, name: String(id), path: "", isAccessory: false, rootKind: "electronics", productCount: 0 });
    const tree = [node(1, 0), node(10, 1), node(1112, 2), node(11, 1), node(2, 0)];
    expect(parentChoices(tree, 10).map((c) => c.id)).toEqual([1, 11, 2]);
    expect(parentChoices(tree, 2).map((c) => c.id)).toEqual([1, 10, 1112, 11]);
    expect(parentChoices(tree, null)).toHaveLength(5);
  });
});

describe("the pictures", () => {
  it("move a place forward or back, and no further than the ends", () => {
    expect(movedOrder([5, 6, 7], 7, -1)).toEqual([5, 7, 6]);
    expect(movedOrder([5, 6, 7], 5, 1)).toEqual([6, 5, 7]);
    expect(movedOrder([5, 6, 7], 5, -1)).toEqual([5, 6, 7]);
  });

  it("are refused before sending when none, too many or one too large", () => {
    expect(pictureProblemBeforeSending([])).toEqual({ kind: "empty" });
    expect(pictureProblemBeforeSending(Array.from({ length: 7 }, (_, i) => ({ name: `${i}.jpg`, size: 1 })))).toEqual({ kind: "tooMany" });
    expect(pictureProblemBeforeSending([{ name: "big.jpg", size: 11 * 1024 * 1024 }])).toEqual({ kind: "tooLarge", name: "big.jpg" });
  });
});
