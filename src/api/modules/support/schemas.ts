import { z } from "zod";
import { ORDER_STATUSES } from "../../../domain/checkout/orders.ts";
import { CLAIM_STATUSES, RETURN_STATUSES } from "../../../domain/returns/returns.ts";
import { SALE_STATUSES } from "../../../domain/selling/sales.ts";
import { operationErrors, type OperationError } from "../../error-codes.ts";
import { moneySchema, multilineText, textParam } from "../../schemas.ts";
import { STAFF_GUARD_ERRORS } from "../staff/schemas.ts";

export const customerUuidParams = z.object({ customerUuid: z.uuid("Customer id must be a UUID") });
export const customerSearchQuery = z.object({ q: textParam("Search", 254).describe("Part of an e-mail address or name, or an order number") });
export const noteBody = z.strictObject({ text: multilineText("Note", 2000) }, { error: "Send a JSON body with the note's text" });

const customer = z.object({ uuid: z.uuid(), email: z.string(), firstName: z.string().nullable(), lastName: z.string().nullable(), createdAt: z.string() });
export const customerListSchema = z.object({ customers: z.array(customer) }).meta({ id: "OpsCustomerList" });
export type OpsCustomer = z.infer<typeof customer>;
export type OpsCustomerList = z.infer<typeof customerListSchema>;
const note = z.object({ id: z.number().int(), text: z.string(), authorEmail: z.string(), at: z.string() }).meta({ id: "OpsCustomerNote" });
export const noteSchema = note;
export type OpsCustomerNote = z.infer<typeof note>;

export const customerStorySchema = z
  .object({
    customer: customer.extend({ locale: z.string(), emailVerified: z.boolean(), emailUndeliverable: z.boolean() }),
    orders: z.array(z.object({ uuid: z.uuid(), number: z.string(), status: z.enum(ORDER_STATUSES), placedAt: z.string(), total: moneySchema, refunded: moneySchema })),
    sales: z.array(z.object({ uuid: z.uuid(), number: z.string(), status: z.enum(SALE_STATUSES), createdAt: z.string() })),
    returns: z.array(z.object({ uuid: z.uuid(), number: z.string(), orderNumber: z.string(), status: z.enum(RETURN_STATUSES), createdAt: z.string() })),
    claims: z.array(z.object({ uuid: z.uuid(), number: z.string(), orderNumber: z.string(), itemName: z.string(), status: z.enum(CLAIM_STATUSES), createdAt: z.string() })),
    mails: z.array(z.object({ subject: z.string(), at: z.string() })).describe("Mails sent to the customer's address, newest first"),
    notes: z.array(note),
  })
  .meta({ id: "OpsCustomerStory" });
export type CustomerStory = z.infer<typeof customerStorySchema>;
export type OpsCustomerStory = CustomerStory;

export const customerListErrors = operationErrors({ 400: ["VALIDATION_FAILED"], ...STAFF_GUARD_ERRORS });
export const customerViewErrors = operationErrors({ 400: ["VALIDATION_FAILED"], ...STAFF_GUARD_ERRORS, 404: ["CUSTOMER_NOT_FOUND"] });
export type CustomerViewError = OperationError<typeof customerViewErrors>;
