import { z } from "zod";
import { ORDER_STATUSES } from "../../../domain/checkout/orders.ts";
import { SANDBOX_RESULTS } from "./providers.ts";

export const paymentUuidParams = z.object({ paymentUuid: z.uuid("Payment id must be a UUID") });

export const sandboxVerdictBody = z.object(
  {
    paymentUuid: z.uuid("paymentUuid must be a UUID"),
    result: z.enum(SANDBOX_RESULTS as [string, ...string[]], { error: "result must be approved, declined or abandoned" }),
    signature: z.string().min(1).max(200),
  },
  { error: "Send a JSON body with paymentUuid, result and signature" },
);

export const paymentReturnSchema = z.object({
  orderUuid: z.uuid(),
  status: z.enum(ORDER_STATUSES),
  result: z.enum(SANDBOX_RESULTS as [string, ...string[]]),
});
