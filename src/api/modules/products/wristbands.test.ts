import { describe, expect, it } from "vitest";
import { setupTestApp } from "../../../test/api-harness.ts";
import { bandModel } from "./service.ts";

const { app } = setupTestApp();

async function firstCase(): Promise<number> {
  const list = (await app().inject({ method: "GET", url: "/api/products?categoryId=1106" })).json();
  return list.items[0].id;
}

describe("api_wristband_model_selection", () => {
  it("groups the bands that fit a case by model", async () => {
    const caseId = await firstCase();
    const res = await app().inject({ method: "GET", url: `/api/wristbands/${caseId}` });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.caseId).toBe(caseId);
    expect(body.models.length).toBeGreaterThan(0);
    for (const m of body.models) for (const b of m.bands) expect(bandModel(b.name, b.propColor)).toBe(m.model);
  });

  it("combines a chosen band with the case in api_product_view", async () => {
    const caseId = await firstCase();
    const band = (await app().inject({ method: "GET", url: `/api/wristbands/${caseId}` })).json().models[0].bands[0];
    const view = (await app().inject({ method: "GET", url: `/api/products/${caseId}?wristbandId=${band.id}` })).json();
    expect(view.wristband.id).toBe(band.id);
  });

  it("refuses products that are no case, unknown ids and bad ids", async () => {
    const phone = (await app().inject({ method: "GET", url: "/api/products?categoryId=1112" })).json().items[0].id;
    const notCase = await app().inject({ method: "GET", url: `/api/wristbands/${phone}` });
    expect(notCase.statusCode).toBe(400);
    expect(notCase.json().errors[0].code).toBe("PRODUCT_HAS_NO_WRISTBANDS");
    expect((await app().inject({ method: "GET", url: "/api/wristbands/999999" })).statusCode).toBe(404);
    expect((await app().inject({ method: "GET", url: "/api/wristbands/abc" })).statusCode).toBe(400);
  });

  it("names the model without brand and colour", () => {
    expect(bandModel("Apple Sport Band 41 mm Midnight", "Midnight")).toBe("Sport Band 41 mm");
  });
});
