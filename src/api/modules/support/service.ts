import { AppError } from "../../errors.ts";
import { requireRole, type StaffActor } from "../staff/service.ts";
import type { SupportRepository } from "./repository.ts";
import type { CustomerStory } from "./schemas.ts";

const iso = (at: string) => new Date(at).toISOString();
const EUR = (amount: number) => ({ amount, currency: "EUR" as const });
const notFound = () => AppError.notFound("CUSTOMER_NOT_FOUND", "There is no such customer.", "customerUuid");

/** Support's view of a customer: everything they did with the shop on one page, and support's notes. */
export function createSupportService(repo: SupportRepository, deps: { clock: () => Date }) {
  return {
    async find(actor: StaffActor, text: string) {
      requireRole(actor, "support");
      const rows = await repo.findCustomers(text, 20);
      return { customers: rows.map((c) => ({ ...c, createdAt: iso(c.createdAt) })) };
    },

    async story(actor: StaffActor, customerUuid: string): Promise<CustomerStory> {
      requireRole(actor, "support");
      const customer = await repo.customer(customerUuid);
      if (!customer) throw notFound();
      const story = await repo.story(customer.uuid, customer.email);
      return {
        customer: {
          uuid: customer.uuid,
          email: customer.email,
          firstName: customer.firstName,
          lastName: customer.lastName,
          createdAt: iso(customer.createdAt),
          locale: customer.locale,
          emailVerified: customer.emailVerifiedAt !== null,
          emailUndeliverable: customer.emailUndeliverableAt !== null,
        },
        orders: story.orders.map((o) => ({ uuid: o.uuid, number: o.number, status: o.status, placedAt: iso(o.placedAt), total: EUR(o.total), refunded: EUR(o.refundedTotal) })),
        sales: story.sales.map((s) => ({ ...s, createdAt: iso(s.createdAt) })),
        returns: story.returns.map((r) => ({ ...r, createdAt: iso(r.createdAt) })),
        claims: story.claims.map((c) => ({ ...c, createdAt: iso(c.createdAt) })),
        mails: story.mails.map((m) => ({ subject: m.subject, at: iso(m.at) })),
        notes: story.notes.map((n) => ({ id: n.id, text: n.text, authorEmail: n.authorEmail, at: iso(n.at) })),
      };
    },

    async addNote(actor: StaffActor, customerUuid: string, text: string) {
      requireRole(actor, "support");
      if (!(await repo.customer(customerUuid))) throw notFound();
      const row = await repo.addNote(actor, { customerUuid, text, authorUuid: actor.uuid, authorEmail: actor.email, at: deps.clock().toISOString() });
      return { id: row.id, text: row.text, authorEmail: row.authorEmail, at: iso(row.at) };
    },
  };
}
export type SupportService = ReturnType<typeof createSupportService>;
