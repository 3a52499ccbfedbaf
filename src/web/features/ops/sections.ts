import { mayAct, STAFF_ROLES, type StaffRole } from "../../../domain/staff/staff.ts";

/**
 * The back-office's sections, in the navigation's order, with the roles that may open them (admins
 * may open all). A section whose pages do not exist yet has no path: it is listed here so its
 * place and roles are settled, and linked once its route is in routes.ts.
 */
export const OPS_SECTIONS = [
  { id: "overview", path: "/ops", roles: STAFF_ROLES },
  { id: "orders", path: "/ops/orders", roles: ["fulfilment", "support", "finance"] },
  { id: "returns", path: "/ops/returns", roles: ["receiving", "grading", "support", "finance"] },
  { id: "claims", path: "/ops/warranty-claims", roles: ["receiving", "grading", "support", "finance"] },
  { id: "customers", path: "/ops/customers", roles: ["support"] },
  { id: "receiving", path: "/ops/receiving", roles: ["receiving"] },
  { id: "inspection", path: "/ops/inspection", roles: ["grading"] },
  { id: "units", path: "/ops/units", roles: ["receiving", "grading", "fulfilment", "finance", "support"] },
  { id: "payouts", path: "/ops/payouts", roles: ["finance"] },
  { id: "transfers", path: "/ops/transfers", roles: ["finance"] },
  { id: "prices", path: "/ops/prices", roles: ["finance"] },
  { id: "reports", path: "/ops/reports", roles: ["finance"] },
  { id: "catalogue", path: "/ops/products", roles: ["support"] },
  { id: "categories", path: "/ops/categories", roles: ["support"] },
  { id: "content", path: "/ops/content", roles: ["support"] },
  { id: "coupons", path: "/ops/coupons", roles: ["support"] },
  { id: "staff", path: "/ops/staff", roles: ["admin"] },
  { id: "audit", path: "/ops/audit", roles: ["admin", "support"] },
] as const satisfies readonly { id: string; path: string | null; roles: readonly StaffRole[] }[];

export type OpsSection = (typeof OPS_SECTIONS)[number];
export type OpsSectionId = OpsSection["id"];

/** The sections a member with these roles may open, and that exist. */
export function sectionsFor(roles: readonly StaffRole[]): (OpsSection & { path: string })[] {
  return OPS_SECTIONS.filter((section): section is OpsSection & { path: string } => section.path !== null && mayAct(roles, section.roles));
}
