import { useRef } from "react";
import { data, Form, Link, redirect, useNavigation } from "react-router";
import { formatDate } from "../../domain/dates.ts";
import { formatMoney } from "../../domain/money.ts";
import { isApiError } from "../api-client/client.ts";
import { supportApi, type CustomerViewError, type OpsCustomerStory } from "../api-client/ops-support.ts";
import { claimPath } from "../features/ops/claim-form.ts";
import { customerNameOf, customerPath, CUSTOMERS_PATH, NOTE_MAX, noteOf, noteProblemOf, type NoteProblem } from "../features/ops/customer-form.ts";
import { OrderStatusBadge } from "../features/ops/order-ui.tsx";
import { opsButton, opsInput, OpsPageTitle, TableCard, tableCell } from "../features/ops/ops-ui.tsx";
import { returnPath } from "../features/ops/return-form.ts";
import { Card, ClaimStatusBadge, Fact, Notice, ReturnStatusBadge, useFocusOnProblem } from "../features/ops/return-ui.tsx";
import { salePath, SaleStatusBadge } from "../features/ops/sale-ops-ui.tsx";
import { loadPageMessages } from "../i18n/client-messages.ts";
import { useTranslation } from "../i18n/i18n.tsx";
import { storefront } from "../load-context.ts";
import { readForm } from "../shell/forms.ts";
import { pageNotFoundOn, staffPageOn } from "../shell/route-errors.ts";
import type { Route } from "./+types/ops-customer";

await loadPageMessages();

export async function loader({ params, url, context }: Route.LoaderArgs) {
  try {
    return { story: await supportApi(storefront(context).api).customer(params.customerUuid), noted: url.searchParams.get("noted") === "1" };
  } catch (error) {
    staffPageOn(error, url);
  }
}

/** A note on the customer: saved and shown with its author, or said at the field with what was typed. */
export async function action({ request, params, url, context }: Route.ActionArgs) {
  const form = await readForm(request);
  const text = String(form.get("text") ?? "");
  const refuse = (problem: NoteProblem, status: number) => data({ text, problem }, { status });
  const note = noteOf(text);
  if ("problem" in note) return refuse(note.problem, 400);
  try {
    await supportApi(storefront(context).api).addNote(params.customerUuid, note.text);
    return redirect(`${customerPath({ uuid: params.customerUuid })}?noted=1#customer-notes`, 303);
  } catch (error) {
    if (!isApiError<CustomerViewError>(error) || error.status >= 500) throw error;
    if (error.status === 401) staffPageOn(error, url);
    if (error.status === 404) pageNotFoundOn(error);
    return refuse(noteProblemOf(error.code), error.status);
  }
}

function NoteForm({ answer }: { answer: { text: string; problem: NoteProblem } | undefined }) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const form = useRef<HTMLFormElement>(null);
  useFocusOnProblem(form, answer);
  return (
    <Form ref={form} method="post" className="mt-3 space-y-2 border-t border-line pt-3" aria-busy={busy} data-testid="note-form">
      <label htmlFor="note-text" className="block text-sm font-semibold">
        {t("ops.customers.notes.add")}
      </label>
      <textarea
        id="note-text"
        name="text"
        rows={3}
        required
        maxLength={NOTE_MAX}
        defaultValue={answer?.text}
        aria-invalid={answer ? true : undefined}
        aria-describedby={`note-text-hint${answer ? " note-text-problem" : ""}`}
        className={`${opsInput} h-auto py-1.5`}
      />
      <p id="note-text-hint" className="text-xs text-muted">
        {t("ops.customers.notes.hint")}
      </p>
      {answer && (
        <p id="note-text-problem" role="alert" className="text-sm text-red-800">
          {t(`ops.customers.notes.problems.${answer.problem}`, { max: NOTE_MAX })}
        </p>
      )}
      <button type="submit" disabled={busy} className={opsButton.primary}>
        {busy ? t("ops.customers.notes.saving") : t("ops.customers.notes.submit")}
      </button>
    </Form>
  );
}

/** The tables of what the customer did: orders, sales, returns and claims, each linked to its page. */
function History({ story }: { story: OpsCustomerStory }) {
  const { t, i18n } = useTranslation();
  const date = (at: string) => <time dateTime={at}>{formatDate(at, i18n.language, "medium")}</time>;
  const money = (cents: number) => formatMoney(cents, i18n.language);
  const link = "font-mono font-semibold text-blue-accent underline";
  const number = t("ops.customers.columns.number");
  const status = t("ops.customers.columns.status");
  return (
    <>
      <TableCard
        id="customer-orders"
        heading={t("ops.customers.orders", { count: story.orders.length })}
        columns={[number, status, t("ops.customers.columns.placed"), <span className="block text-right">{t("ops.customers.columns.total")}</span>, <span className="block text-right">{t("ops.customers.columns.refunded")}</span>]}
        rows={story.orders.map((order) => (
          <tr key={order.uuid}>
            <th scope="row" className={`${tableCell} text-left`}>
              <Link to={`/ops/orders/${order.uuid}`} className={link}>
                {order.number}
              </Link>
            </th>
            <td className={tableCell}>
              <OrderStatusBadge status={order.status} />
            </td>
            <td className={`${tableCell} whitespace-nowrap`}>{date(order.placedAt)}</td>
            <td className={`${tableCell} text-right tabular-nums`}>{money(order.total.amount)}</td>
            <td className={`${tableCell} text-right tabular-nums`}>{order.refunded.amount > 0 ? money(order.refunded.amount) : "–"}</td>
          </tr>
        ))}
        empty={t("ops.customers.noOrders")}
        minWidth="min-w-[36rem]"
        testId="customer-orders"
      />
      <TableCard
        id="customer-sales"
        heading={t("ops.customers.sales", { count: story.sales.length })}
        columns={[number, status, t("ops.customers.columns.created")]}
        rows={story.sales.map((sale) => (
          <tr key={sale.uuid}>
            <th scope="row" className={`${tableCell} text-left`}>
              <Link to={salePath(sale)} className={link}>
                {sale.number}
              </Link>
            </th>
            <td className={tableCell}>
              <SaleStatusBadge status={sale.status} />
            </td>
            <td className={`${tableCell} whitespace-nowrap`}>{date(sale.createdAt)}</td>
          </tr>
        ))}
        empty={t("ops.customers.noSales")}
        minWidth="min-w-[28rem]"
        testId="customer-sales"
      />
      <TableCard
        id="customer-returns"
        heading={t("ops.customers.returns", { count: story.returns.length })}
        columns={[number, status, t("ops.customers.columns.order"), t("ops.customers.columns.created")]}
        rows={story.returns.map((ret) => (
          <tr key={ret.uuid}>
            <th scope="row" className={`${tableCell} text-left`}>
              <Link to={returnPath(ret)} className={link}>
                {ret.number}
              </Link>
            </th>
            <td className={tableCell}>
              <ReturnStatusBadge status={ret.status} />
            </td>
            <td className={`${tableCell} font-mono`}>{ret.orderNumber}</td>
            <td className={`${tableCell} whitespace-nowrap`}>{date(ret.createdAt)}</td>
          </tr>
        ))}
        empty={t("ops.customers.noReturns")}
        minWidth="min-w-[32rem]"
        testId="customer-returns"
      />
      <TableCard
        id="customer-claims"
        heading={t("ops.customers.claims", { count: story.claims.length })}
        columns={[number, status, t("ops.customers.columns.item"), t("ops.customers.columns.order"), t("ops.customers.columns.created")]}
        rows={story.claims.map((claim) => (
          <tr key={claim.uuid}>
            <th scope="row" className={`${tableCell} text-left`}>
              <Link to={claimPath(claim)} className={link}>
                {claim.number}
              </Link>
            </th>
            <td className={tableCell}>
              <ClaimStatusBadge status={claim.status} />
            </td>
            <td className={tableCell}>{claim.itemName}</td>
            <td className={`${tableCell} font-mono`}>{claim.orderNumber}</td>
            <td className={`${tableCell} whitespace-nowrap`}>{date(claim.createdAt)}</td>
          </tr>
        ))}
        empty={t("ops.customers.noClaims")}
        minWidth="min-w-[40rem]"
        testId="customer-claims"
      />
    </>
  );
}

/** The newest mails shown at once; the older ones open on demand. */
const RECENT_MAILS = 10;

function MailList({ mails }: { mails: OpsCustomerStory["mails"] }) {
  const { i18n } = useTranslation();
  return (
    <ol className="mt-2 divide-y divide-line text-sm">
      {mails.map((mail, i) => (
        <li key={i} className="flex flex-wrap gap-x-3 py-1.5">
          <time dateTime={mail.at} className="w-36 shrink-0 text-muted">
            {formatDate(mail.at, i18n.language, "medium-time")}
          </time>
          <span className="min-w-0 flex-1 break-words">{mail.subject}</span>
        </li>
      ))}
    </ol>
  );
}

/** Support's page of one customer: who they are, everything they did with the shop, the mails sent to them, and support's notes. */
export default function OpsCustomerPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  const { story, noted } = loaderData;
  const { customer } = story;
  const name = customerNameOf(customer);
  return (
    <>
      <p className="text-sm">
        <Link to={CUSTOMERS_PATH} className="font-semibold text-blue-accent underline">
          {t("ops.customers.back")}
        </Link>
      </p>
      <OpsPageTitle title={name ?? customer.email} intro={name ? customer.email : undefined} />
      {noted && !actionData && <Notice tone="done">{t("ops.customers.notes.saved")}</Notice>}
      <dl className="mt-3 grid grid-cols-2 gap-3 rounded-xl border border-line bg-white p-4 text-sm sm:grid-cols-4" data-testid="customer-facts">
        <Fact term={t("ops.customers.columns.email")}>
          <span className="break-all">{customer.email}</span>
          <span className="mt-1 flex flex-wrap gap-1 text-xs">
            <span className={`rounded border px-1.5 py-0.5 ${customer.emailVerified ? "border-green-300 bg-green-50 text-green-900" : "border-line bg-canvas text-ink"}`}>
              {t(customer.emailVerified ? "ops.customers.verified" : "ops.customers.notVerified")}
            </span>
            {customer.emailUndeliverable && <span className="rounded border border-red-700 bg-red-700 px-1.5 py-0.5 text-white">{t("ops.customers.undeliverable")}</span>}
          </span>
        </Fact>
        <Fact term={t("ops.customers.columns.since")}>
          <time dateTime={customer.createdAt}>{formatDate(customer.createdAt, i18n.language, "medium")}</time>
        </Fact>
        <Fact term={t("ops.customers.language")}>{customer.locale.toUpperCase()}</Fact>
        <Fact term={t("ops.customers.summary")}>{t("ops.customers.summaryText", { orders: story.orders.length, sales: story.sales.length, returns: story.returns.length, claims: story.claims.length })}</Fact>
      </dl>
      <div className="mt-4 grid gap-4 lg:grid-cols-[3fr_2fr]">
        <div className="min-w-0 space-y-4">
          <History story={story} />
        </div>
        <div className="min-w-0 space-y-4">
          <Card id="customer-notes" heading={t("ops.customers.notes.heading", { count: story.notes.length })} testId="customer-notes">
            {story.notes.length === 0 ? (
              <p className="mt-1 text-sm text-muted">{t("ops.customers.notes.none")}</p>
            ) : (
              <ol className="mt-2 space-y-3 text-sm">
                {story.notes.map((note) => (
                  <li key={note.id} className="rounded-lg bg-canvas p-2">
                    <p className="whitespace-pre-line">{note.text}</p>
                    <p className="mt-1 text-xs text-muted">
                      {note.authorEmail} · <time dateTime={note.at}>{formatDate(note.at, i18n.language, "medium-time")}</time>
                    </p>
                  </li>
                ))}
              </ol>
            )}
            <NoteForm answer={actionData} />
          </Card>
          <Card id="customer-mails" heading={t("ops.customers.mails", { count: story.mails.length })} testId="customer-mails">
            {story.mails.length === 0 ? (
              <p className="mt-1 text-sm text-muted">{t("ops.customers.noMails")}</p>
            ) : (
              <>
                <MailList mails={story.mails.slice(0, RECENT_MAILS)} />
                {story.mails.length > RECENT_MAILS && (
                  <details className="mt-2 text-sm">
                    <summary className="cursor-pointer font-semibold text-blue-accent">{t("ops.customers.olderMails", { count: story.mails.length - RECENT_MAILS })}</summary>
                    <MailList mails={story.mails.slice(RECENT_MAILS)} />
                  </details>
                )}
              </>
            )}
          </Card>
        </div>
      </div>
    </>
  );
}
