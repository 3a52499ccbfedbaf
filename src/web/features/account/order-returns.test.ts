import { describe, expect, it } from "vitest";
import { ApiError } from "../../api-client/client.ts";
import type { ClaimView, ReturnOverview, ReturnsApi, ReturnView } from "../../api-client/returns.ts";
import {
  claimProblemsOf,
  confirmationOf,
  keyOf,
  photoOutcomeOf,
  photoProblemBeforeSending,
  photosOf,
  readClaimForm,
  readReturnForm,
  returnProblemsOf,
  returnsOffer,
  sendClaim,
  sendReturn,
  timelineEvent,
  withKey,
} from "./order-returns.ts";

const ORDER = "0b8f6f7e-8d44-4a39-9d0b-6f7f6a1b2c3d";
const ITEM_A = "11111111-1111-4111-8111-111111111111";
const ITEM_B = "22222222-2222-4222-8222-222222222222";
const MB = 1024 * 1024;

function form(entries: [string, string | File][]): FormData {
  const data = new FormData();
  for (const [name, value] of entries) data.append(name, value);
  return data;
}
const refused = (status: number, ...errors: [string, string][]) => new ApiError(status, errors.map(([code, reference]) => ({ code: code as never, message: code, reference })));

function overview(change: Partial<ReturnOverview> = {}): ReturnOverview {
  return {
    orderUuid: ORDER,
    deliveredAt: "2026-03-02T10:00:00.000Z",
    returnKind: "withdrawal",
    withdrawalEndsAt: "2026-03-16T22:59:59.999Z",
    returnEndsAt: "2026-04-01T21:59:59.999Z",
    warrantyEndsAt: "2027-03-02T22:59:59.999Z",
    warrantyOpen: true,
    items: [
      { orderItemUuid: ITEM_A, name: "Phone", grade: "A1", imageUrl: null, returnable: true, claimable: true, returnNumber: null, openClaimNumber: null },
      { orderItemUuid: ITEM_B, name: "Case", grade: "A2", imageUrl: null, returnable: false, claimable: false, returnNumber: "RT-001000", openClaimNumber: null },
    ],
    returns: [],
    claims: [],
    ...change,
  };
}

describe("links of an order's pages", () => {
  it("keep the mail's key and add their parameters", () => {
    expect(withKey(`/my/orders/${ORDER}`, undefined)).toBe(`/my/orders/${ORDER}`);
    expect(withKey(`/my/orders/${ORDER}/return`, "a+b/c")).toBe(`/my/orders/${ORDER}/return?key=a%2Bb%2Fc`);
    expect(withKey("/api/returns/x/label", "k", { returned: "RT-001000", photos: undefined })).toBe("/api/returns/x/label?key=k&returned=RT-001000");
    expect(withKey("/p?a=1", null, { b: "2" })).toBe("/p?a=1&b=2");
  });

  it("read the key from the page's address, none when empty or too long", () => {
    expect(keyOf(new URL("https://shop.test/my/orders/x?key=abc"))).toBe("abc");
    expect(keyOf(new URL("https://shop.test/my/orders/x?key="))).toBeUndefined();
    expect(keyOf(new URL(`https://shop.test/my/orders/x?key=${"k".repeat(65)}`))).toBeUndefined();
    expect(keyOf(new URL("https://shop.test/my/orders/x"))).toBeUndefined();
  });
});

describe("the timeline's events", () => {
  it("split the event from the return's or claim's number", () => {
    expect(timelineEvent("return_requested:RT-001000")).toEqual({ name: "return_requested", number: "RT-001000" });
    expect(timelineEvent("claim_in_repair:GA-000007")).toEqual({ name: "claim_in_repair", number: "GA-000007" });
    expect(timelineEvent("shipped")).toEqual({ name: "shipped", number: null });
    expect(timelineEvent("odd:")).toEqual({ name: "odd", number: null });
  });
});

describe("what an order offers", () => {
  it("returns and claims while the withdrawal period runs", () => {
    expect(returnsOffer(overview())).toMatchObject({ delivered: true, returnKind: "withdrawal", returnPeriodOver: false, warrantyOpen: true, canReturn: true, canClaim: true });
  });

  it("nothing before delivery", () => {
    const offer = returnsOffer(overview({ deliveredAt: null, returnKind: null, withdrawalEndsAt: null, returnEndsAt: null, warrantyEndsAt: null, warrantyOpen: false, items: [] }));
    expect(offer).toMatchObject({ delivered: false, returnPeriodOver: false, warrantyOpen: false, canReturn: false, canClaim: false });
  });

  it("only the warranty once the return period is over, and nothing after the warranty", () => {
    const over = overview({ returnKind: null, items: overview().items.map((i) => ({ ...i, returnable: false })) });
    expect(returnsOffer(over)).toMatchObject({ returnPeriodOver: true, warrantyOpen: true, canReturn: false, canClaim: true });
    expect(returnsOffer({ ...over, warrantyOpen: false })).toMatchObject({ returnPeriodOver: true, warrantyOpen: false });
  });

  it("no return periods for a replacement device", () => {
    const replacement = overview({ returnKind: null, withdrawalEndsAt: null, returnEndsAt: null });
    expect(returnsOffer(replacement)).toMatchObject({ returnsOffered: false, returnPeriodOver: false, warrantyOpen: true });
  });
});

describe("the confirmation in the order page's address", () => {
  it("names a well-formed return or claim number, and the photos' outcome", () => {
    expect(confirmationOf(new URLSearchParams("returned=RT-001000"))).toEqual({ kind: "returned", number: "RT-001000" });
    expect(confirmationOf(new URLSearchParams("withdrawn=RT-001000&key=x"))).toEqual({ kind: "withdrawn", number: "RT-001000" });
    expect(confirmationOf(new URLSearchParams("claimed=GA-000012&photos=tooLarge"))).toEqual({ kind: "claimed", number: "GA-000012", photos: "tooLarge" });
    expect(confirmationOf(new URLSearchParams("claimed=GA-000012&photos=<script>"))).toEqual({ kind: "claimed", number: "GA-000012", photos: null });
  });

  it("is none for anything else", () => {
    expect(confirmationOf(new URLSearchParams("returned=Hello"))).toBeNull();
    expect(confirmationOf(new URLSearchParams("claimed=RT-001000"))).toBeNull();
    expect(confirmationOf(new URLSearchParams(""))).toBeNull();
  });
});

describe("the return form", () => {
  it("reads the checked items with their reasons and the comment", () => {
    const read = readReturnForm(form([["item", ITEM_A], ["reason." + ITEM_A, "defective"], ["reason." + ITEM_B, "other"], ["comment", "  Screen flickers  "]]));
    expect(read).toEqual({ values: { items: [ITEM_A], reasons: { [ITEM_A]: "defective", [ITEM_B]: "other" }, comment: "Screen flickers" }, fields: {} });
  });

  it("says at the fields what is missing: an item, a reason, a shorter comment", () => {
    expect(readReturnForm(form([])).fields).toEqual({ items: "noItem" });
    expect(readReturnForm(form([["item", ITEM_A], ["reason." + ITEM_A, "nonsense"]])).fields).toEqual({ [`reason.${ITEM_A}`]: "reason" });
    expect(readReturnForm(form([["item", ITEM_A], ["reason." + ITEM_A, "other"], ["comment", "x".repeat(1001)]])).fields).toEqual({ comment: "commentTooLong" });
  });

  it("places the API's refusals at their fields", () => {
    expect(returnProblemsOf(refused(409, ["RETURN_EXISTS", ITEM_B]), [ITEM_A, ITEM_B])).toEqual({ fields: { [`item.${ITEM_B}`]: "exists" }, problem: null });
    expect(returnProblemsOf(refused(400, ["VALIDATION_FAILED", "body.items.1.reason"], ["VALIDATION_FAILED", "body.comment"]), [ITEM_A, ITEM_B])).toEqual({
      fields: { [`reason.${ITEM_B}`]: "reason", comment: "commentTooLong" },
      problem: null,
    });
    expect(returnProblemsOf(refused(409, ["RETURN_PERIOD_ENDED", "orderUuid"]), [ITEM_A])).toEqual({ fields: {}, problem: "periodEnded" });
    expect(returnProblemsOf(refused(429, ["TOO_MANY_REQUESTS", "req-1"]), [ITEM_A])).toEqual({ fields: {}, problem: "failed" });
  });

  it("goes back to the order with the return's number and the key, or keeps what was typed", async () => {
    const calls: unknown[] = [];
    const api = {
      createReturn: async (...args: unknown[]) => {
        calls.push(args);
        return { number: "RT-001001" } as ReturnView;
      },
    } as unknown as ReturnsApi;
    const sent = await sendReturn(api, ORDER, "k", form([["item", ITEM_A], ["reason." + ITEM_A, "wrong_item"]]));
    expect(sent).toEqual({ redirect: `/my/orders/${ORDER}?key=k&returned=RT-001001` });
    expect(calls).toEqual([[ORDER, { items: [{ orderItemUuid: ITEM_A, reason: "wrong_item" }] }, "k"]]);

    const refusing = { createReturn: async () => Promise.reject(refused(409, ["RETURN_EXISTS", ITEM_A])) } as unknown as ReturnsApi;
    expect(await sendReturn(refusing, ORDER, undefined, form([["item", ITEM_A], ["reason." + ITEM_A, "other"], ["comment", "Too big"]]))).toEqual({
      values: { items: [ITEM_A], reasons: { [ITEM_A]: "other" }, comment: "Too big" },
      fields: { [`item.${ITEM_A}`]: "exists" },
      problem: null,
      status: 409,
    });
    const gone = { createReturn: async () => Promise.reject(refused(404, ["ORDER_NOT_FOUND", "orderUuid"])) } as unknown as ReturnsApi;
    await expect(sendReturn(gone, ORDER, undefined, form([["item", ITEM_A], ["reason." + ITEM_A, "other"]]))).rejects.toMatchObject({ status: 404 });
  });
});

describe("the claim form", () => {
  const filled: [string, string][] = [
    ["item", ITEM_A],
    ["description", "The screen stays black after charging."],
    ["remedy", "repair"],
  ];
  const photo = (name: string, bytes: number, type = "image/jpeg") => new File([new Uint8Array(bytes)], name, { type });

  it("reads the device, the defect and the remedy, and says what is missing", () => {
    expect(readClaimForm(form(filled))).toEqual({ values: { item: ITEM_A, description: "The screen stays black after charging.", remedy: "repair" }, fields: {} });
    expect(readClaimForm(form([["description", " short  "]])).fields).toEqual({ item: "noItem", description: "descriptionShort", remedy: "remedy" });
  });

  it("places the API's refusals at their fields", () => {
    expect(claimProblemsOf(refused(409, ["CLAIM_EXISTS", "orderItemUuid"]))).toEqual({ fields: { item: "claimExists" }, problem: null });
    expect(claimProblemsOf(refused(409, ["RETURN_EXISTS", "orderItemUuid"]))).toEqual({ fields: { item: "inReturn" }, problem: null });
    expect(claimProblemsOf(refused(400, ["VALIDATION_FAILED", "body.description"]))).toEqual({ fields: { description: "descriptionShort" }, problem: null });
    expect(claimProblemsOf(refused(409, ["WARRANTY_ENDED", "orderUuid"]))).toEqual({ fields: {}, problem: "warrantyEnded" });
  });

  it("takes the photos a form carries, and refuses too many or too large ones before sending", () => {
    expect(photosOf(form([["photos", new File([], "")]]))).toEqual([]);
    expect(photosOf(form([["photos", photo("a.jpg", 10)]])).map((f) => f.name)).toEqual(["a.jpg"]);
    expect(photoProblemBeforeSending([1, 2, 3, 4, 5].map((i) => photo(`${i}.jpg`, 1)))).toBeNull();
    expect(photoProblemBeforeSending([1, 2, 3, 4, 5, 6].map((i) => photo(`${i}.jpg`, 1)))).toEqual({ kind: "tooMany" });
    expect(photoProblemBeforeSending([{ name: "big.jpg", size: 10 * MB + 1, type: "image/jpeg" }])).toEqual({ kind: "tooLarge", name: "big.jpg" });
    expect(photoProblemBeforeSending([{ name: "notes.pdf", size: 10, type: "application/pdf" }])).toEqual({ kind: "notAnImage", name: "notes.pdf" });
    expect(photoProblemBeforeSending([{ name: "IMG.HEIC", size: 10, type: "" }])).toBeNull();
  });

  it("says why photos were not kept, whatever the answer", () => {
    expect(photoOutcomeOf(refused(400, ["PHOTO_NOT_AN_IMAGE", "photos.0"]))).toBe("notAnImage");
    expect(photoOutcomeOf(refused(413, ["PHOTO_TOO_LARGE", "photos.1"]))).toBe("tooLarge");
    expect(photoOutcomeOf(refused(404, ["ROUTE_NOT_FOUND", "req-1"]))).toBe("failed");
    expect(photoOutcomeOf(new TypeError("Failed to fetch"))).toBe("failed");
  });

  it("sends the claim, then its photos; photos refused leave the claim made", async () => {
    const uploads: unknown[] = [];
    const api = (upload: () => Promise<ClaimView>) =>
      ({
        createClaim: async () => ({ uuid: "c1", number: "GA-000003" }) as ClaimView,
        uploadClaimPhotos: async (...args: unknown[]) => {
          uploads.push(args);
          return upload();
        },
      }) as unknown as ReturnsApi;
    const kept = await sendClaim(api(async () => ({}) as ClaimView), ORDER, "k", form([...filled, ["photos", photo("a.jpg", 10)]]));
    expect(kept).toEqual({ redirect: `/my/orders/${ORDER}?key=k&claimed=GA-000003&photos=sent` });
    expect(uploads).toHaveLength(1);
    expect(uploads[0]).toMatchObject(["c1", [{ name: "a.jpg" }], "k"]);

    const missing = await sendClaim(api(() => Promise.reject(refused(404, ["ROUTE_NOT_FOUND", "req"]))), ORDER, undefined, form([...filled, ["photos", photo("a.jpg", 10)]]));
    expect(missing).toEqual({ redirect: `/my/orders/${ORDER}?claimed=GA-000003&photos=failed` });

    const none = await sendClaim(api(async () => ({}) as ClaimView), ORDER, undefined, form([...filled, ["photos", new File([], "")]]));
    expect(none).toEqual({ redirect: `/my/orders/${ORDER}?claimed=GA-000003` });
    expect(uploads).toHaveLength(2);
  });

  it("sends nothing while the form has a problem, photos too many among them", async () => {
    const api = { createClaim: async () => Promise.reject(new Error("must not be called")) } as unknown as ReturnsApi;
    const six = [1, 2, 3, 4, 5, 6].map((i): [string, File] => ["photos", photo(`${i}.jpg`, 1)]);
    expect(await sendClaim(api, ORDER, undefined, form([...filled, ...six]))).toMatchObject({ fields: { photos: "tooMany" }, status: 400, values: { item: ITEM_A } });
    expect(await sendClaim(api, ORDER, undefined, form([...filled, ["photos", photo("big.jpg", 10 * MB + 1)]]))).toMatchObject({ fields: { photos: "tooLarge" }, photoName: "big.jpg" });
  });
});
