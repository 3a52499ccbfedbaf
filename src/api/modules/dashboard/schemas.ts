import { z } from "zod";
import { GRADES } from "../../../domain/catalogue/grades.ts";
import { DASHBOARD_PERIODS, DEFAULT_DASHBOARD_PERIOD } from "../../../domain/dashboard/dashboard.ts";
import { operationErrors, type OperationError } from "../../error-codes.ts";
import { moneySchema, type QueryParams } from "../../schemas.ts";
import { STAFF_GUARD_ERRORS } from "../staff/schemas.ts";

const PERIOD_TEXT = DASHBOARD_PERIODS.map(String) as ["30", "90"];
export const opsDashboardQuery = z.object({
  days: z
    .enum(PERIOD_TEXT, { error: `The period is ${PERIOD_TEXT.join(" or ")} days` })
    .default(String(DEFAULT_DASHBOARD_PERIOD) as "30")
    .transform((days) => Number(days) as (typeof DASHBOARD_PERIODS)[number])
    .describe("The days the daily figures and the trade-in rates cover, today included"),
});
export type OpsDashboardQuery = QueryParams<typeof opsDashboardQuery>;

/** The dashboard's parts, in the order the page shows them; which roles see which is the service's. */
export const DASHBOARD_PARTS = ["fulfilment", "intake", "stock", "payouts", "returns", "sales", "tradeIn"] as const;
export type DashboardPart = (typeof DASHBOARD_PARTS)[number];

const count = z.number().int().min(0);
const ageBucket = z.object({
  fromDays: z.number().int().describe("Age from (included), in days"),
  toDays: z.number().int().nullable().describe("Age to (excluded), in days; null for the oldest bucket"),
  count,
});
const dispatchQueue = z.object({
  late: count.describe("Past their dispatch promise"),
  atRisk: count.describe("Due within 24 hours"),
  onTime: count.describe("Due later"),
});
const amountOf = z.object({ count, amount: moneySchema });

export const opsDashboardSchema = z
  .object({
    days: z.number().int().describe("The period of the daily figures and rates"),
    from: z.string().describe("The period's first shop day"),
    to: z.string().describe("Today, the period's last shop day"),
    generatedAt: z.string(),
    parts: z.array(z.enum(DASHBOARD_PARTS)).describe("The parts this member's roles show, in this order"),
    fulfilment: z
      .object({
        toPick: dispatchQueue.describe("Paid orders waiting to be picked"),
        toShip: dispatchQueue.describe("Picked orders waiting to be shipped"),
      })
      .optional()
      .describe("Orders against their dispatch promise (fulfilment)"),
    intake: z
      .object({
        awaitingParcel: z.array(ageBucket).describe("Sales whose parcel has not arrived, by age since checkout"),
        awaitingInspection: z.array(ageBucket).describe("Sales received and not yet inspected, by age since the parcel arrived"),
        inInspection: z.array(ageBucket).describe("Sales in inspection, by age since the parcel arrived"),
      })
      .optional()
      .describe("Trade-ins waiting for receiving and inspection (receiving, grading)"),
    stock: z
      .object({
        grades: z.array(z.object({ grade: z.enum(GRADES), count, purchaseValue: moneySchema, ages: z.array(ageBucket) })),
        count,
        purchaseValue: moneySchema,
      })
      .optional()
      .describe("Units in stock by grade and age since they came in (receiving, grading, finance)"),
    payouts: z
      .object({
        due: amountOf.describe("Sellers' payouts due and in no batch yet"),
        inBatches: amountOf.describe("Payouts in a batch the bank has not run yet"),
        refundTransfersDue: amountOf.describe("Refunds of bank-transfer orders to send, in no batch yet"),
        oldestDueAt: z.string().nullable().describe("When the oldest due payout became due"),
      })
      .optional()
      .describe("Money to send out (finance)"),
    returns: z
      .object({
        requested: count.describe("Returns whose parcel has not arrived"),
        overdue: count.describe("Of those, past their send-by date"),
        received: count.describe("Returns received and not decided"),
        claimsOpen: count.describe("Warranty claims not decided"),
        claimsInRepair: count.describe("Warranty claims whose device is in repair"),
      })
      .optional()
      .describe("Returns and warranty claims open (support, receiving, grading, finance)"),
    sales: z
      .object({
        perDay: z.array(z.object({ day: z.string(), revenue: moneySchema, margin: moneySchema, unitsSold: count })).describe("Every shop day of the period, oldest first"),
        totals: z.object({ revenue: moneySchema, margin: moneySchema, unitsSold: count }),
      })
      .optional()
      .describe("Items of orders paid each day and not cancelled, replacements left out: revenue after discounts with VAT, margin over the purchase price, units (finance)"),
    tradeIn: z
      .object({
        inspected: count.describe("Trade-in items inspected in the period"),
        accepted: count.describe("Of those, accepted as the seller described them"),
        counteroffers: count.describe("Of those, given a counteroffer"),
        refused: count.describe("Of those, refused"),
        acceptanceRate: z.number().nullable().describe("accepted / inspected, 0 to 1; null without inspections"),
        counterofferRate: z.number().nullable().describe("counteroffers / inspected, 0 to 1; null without inspections"),
        counterofferAnswers: z
          .object({ accepted: count, expired: count, declined: count })
          .describe("Sales whose seller answered a counteroffer in the period (expired: silence, which accepts)"),
      })
      .optional()
      .describe("Trade-in inspections in the period (grading, finance)"),
  })
  .meta({ id: "OpsDashboard" });
export type OpsDashboard = z.infer<typeof opsDashboardSchema>;

export const opsDashboardErrors = operationErrors({ 400: ["VALIDATION_FAILED"], ...STAFF_GUARD_ERRORS });
export type OpsDashboardError = OperationError<typeof opsDashboardErrors>;
