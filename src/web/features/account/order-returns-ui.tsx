import { Suspense } from "react";
import { Await, Form, Link, useNavigation } from "react-router";
import { isShippingCarrier, SHIPPING_CARRIER_NAMES } from "../../../domain/checkout/carriers.ts";
import { formatDate } from "../../../domain/dates.ts";
import { CLAIM_PHOTO_LIMITS } from "../../../domain/returns/returns.ts";
import type { ClaimView, ReturnOverview, ReturnView } from "../../api-client/returns.ts";
import { Price } from "../../components/price.tsx";
import { useTranslation } from "../../i18n/i18n.tsx";
import { useCustomer } from "./customer.ts";
import { primaryButton, secondaryButton } from "./order-frame.tsx";
import { orderPath, returnsOffer, withKey, type Confirmation } from "./order-returns.ts";

/** A refused withdrawal of a return: which one, and why. */
export interface WithdrawProblem {
  returnUuid: string;
  problem: "notCancellable" | "failed";
}

const MB = 1024 * 1024;
const pill = "inline-block rounded-full border border-line bg-canvas px-2.5 py-0.5 text-xs font-semibold";

/** The confirmation after a return, claim or withdrawal was sent; shown once the order's returns say it exists. */
export function ReturnConfirmation({ overview, confirmation, orderKey }: { overview: Promise<ReturnOverview>; confirmation: Confirmation | null; orderKey: string | undefined }) {
  if (!confirmation) return null;
  return (
    <Suspense fallback={null}>
      <Await resolve={overview} errorElement={null}>
        {(loaded) => <ConfirmationText overview={loaded} confirmation={confirmation} orderKey={orderKey} />}
      </Await>
    </Suspense>
  );
}

function ConfirmationText({ overview, confirmation, orderKey }: { overview: ReturnOverview; confirmation: Confirmation; orderKey: string | undefined }) {
  const { t } = useTranslation();
  const request = confirmation.kind === "claimed" ? overview.claims.find((c) => c.number === confirmation.number) : overview.returns.find((r) => r.number === confirmation.number);
  if (!request) return null;
  const photos = confirmation.kind === "claimed" ? confirmation.photos : null;
  return (
    <>
      <div role="status" className="mt-4 rounded-2xl border border-green-200 bg-green-50 p-4 text-sm text-green-950" data-testid="return-confirmation">
        <p className="font-semibold">{t(`orders.returns.confirm.${confirmation.kind}`, { number: confirmation.number })}</p>
        {confirmation.kind !== "withdrawn" && (
          <a href={withKey(request.labelUrl, orderKey)} className="mt-2 inline-block font-semibold underline">
            {t("orders.returns.confirm.labelLink")}
          </a>
        )}
        {photos === "sent" && <p className="mt-2">{t("orders.returns.confirm.photos.sent")}</p>}
      </div>
      {photos && photos !== "sent" && (
        <p role="alert" className="mt-3 rounded-2xl border border-amber-300 bg-amber-50 p-4 text-sm text-amber-950" data-testid="photo-outcome">
          {t(`orders.returns.confirm.photos.${photos}`, { max: CLAIM_PHOTO_LIMITS.perUpload, mb: CLAIM_PHOTO_LIMITS.fileBytes / MB })} {t("orders.returns.confirm.photos.resend")}
        </p>
      )}
    </>
  );
}

/** The returns and warranty section of an order: it loads after the order, with its own placeholder and error. */
export function ReturnsSection({
  overview,
  orderKey,
  withdraw,
}: {
  overview: Promise<ReturnOverview>;
  orderKey: string | undefined;
  withdraw: WithdrawProblem | null;
}) {
  const { t } = useTranslation();
  return (
    <section className="mt-6 rounded-2xl border border-line p-5" aria-labelledby="returns-title" data-testid="order-returns">
      <h2 id="returns-title" className="text-lg font-bold">
        {t("orders.returns.title")}
      </h2>
      <Suspense fallback={<ReturnsSkeleton />}>
        <Await
          resolve={overview}
          errorElement={
            <p role="alert" className="mt-2 text-sm text-red-800">
              {t("orders.returns.error")}
            </p>
          }
        >
          {(loaded) => <ReturnsPanel overview={loaded} orderKey={orderKey} withdraw={withdraw} />}
        </Await>
      </Suspense>
    </section>
  );
}

function ReturnsSkeleton() {
  const { t } = useTranslation();
  return (
    <div className="mt-3 space-y-2" aria-busy="true">
      <span className="sr-only">{t("orders.returns.loading")}</span>
      <div className="skeleton h-4 w-2/3 rounded" aria-hidden="true" />
      <div className="skeleton h-4 w-1/2 rounded" aria-hidden="true" />
      <div className="skeleton mt-3 h-11 w-48 rounded-full" aria-hidden="true" />
    </div>
  );
}

function ReturnsPanel({ overview, orderKey, withdraw }: { overview: ReturnOverview; orderKey: string | undefined; withdraw: WithdrawProblem | null }) {
  const { t, i18n } = useTranslation();
  const offer = returnsOffer(overview);
  const date = (at: string) => formatDate(at, i18n.language, "long");
  const base = orderPath(overview.orderUuid);
  const notes: string[] = [];
  if (!offer.delivered) notes.push(t("orders.returns.notDelivered"));
  else {
    if (offer.returnKind === "voluntary" && offer.canReturn && offer.returnEndsAt) notes.push(t("orders.returns.voluntaryNow", { date: date(offer.returnEndsAt) }));
    if (offer.returnKind && !offer.canReturn) notes.push(t("orders.returns.allTaken"));
    if (offer.returnPeriodOver && offer.returnEndsAt) notes.push(t("orders.returns.periodOver", { date: date(offer.returnEndsAt) }));
    if (!offer.returnsOffered) notes.push(t("orders.returns.replacement"));
    if (offer.returnPeriodOver && offer.warrantyOpen && offer.warrantyEndsAt) notes.push(t("orders.returns.warrantyStill", { date: date(offer.warrantyEndsAt) }));
    if (!offer.warrantyOpen && offer.warrantyEndsAt) notes.push(t("orders.returns.warrantyOver", { date: date(offer.warrantyEndsAt) }));
  }
  return (
    <>
      {offer.delivered && (
        <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm sm:gap-x-6" data-testid="return-periods">
          {offer.withdrawalEndsAt && (
            <>
              <dt className="text-muted">{t("orders.returns.withdrawalEnds")}</dt>
              <dd>{t("orders.returns.until", { date: date(offer.withdrawalEndsAt) })}</dd>
            </>
          )}
          {offer.returnEndsAt && (
            <>
              <dt className="text-muted">{t("orders.returns.returnEnds")}</dt>
              <dd>{t("orders.returns.until", { date: date(offer.returnEndsAt) })}</dd>
            </>
          )}
          {offer.warrantyEndsAt && (
            <>
              <dt className="text-muted">{t("orders.returns.warrantyEnds")}</dt>
              <dd>{t("orders.returns.until", { date: date(offer.warrantyEndsAt) })}</dd>
            </>
          )}
        </dl>
      )}
      {notes.map((note) => (
        <p key={note} className="mt-2 text-sm" data-testid="returns-note">
          {note}
        </p>
      ))}
      {(offer.canReturn || offer.canClaim) && (
        <div className="mt-4 flex flex-wrap gap-3">
          {offer.canReturn && (
            <Link to={withKey(`${base}/return`, orderKey)} className={primaryButton}>
              {t("orders.returns.returnLink")}
            </Link>
          )}
          {offer.canClaim && (
            <Link to={withKey(`${base}/warranty-claim`, orderKey)} className={offer.canReturn ? secondaryButton : primaryButton}>
              {t("orders.returns.claimLink")}
            </Link>
          )}
        </div>
      )}
      {overview.returns.length > 0 && (
        <>
          <h3 className="mt-6 font-bold">{t("orders.returns.returnsList")}</h3>
          <ul className="mt-2 space-y-3">
            {overview.returns.map((entry) => (
              <ReturnCard key={entry.uuid} entry={entry} orderKey={orderKey} problem={withdraw?.returnUuid === entry.uuid ? withdraw.problem : null} />
            ))}
          </ul>
        </>
      )}
      {overview.claims.length > 0 && (
        <>
          <h3 className="mt-6 font-bold">{t("orders.returns.claimsList")}</h3>
          <ul className="mt-2 space-y-3">
            {overview.claims.map((claim) => (
              <ClaimCard key={claim.uuid} claim={claim} orderKey={orderKey} />
            ))}
          </ul>
        </>
      )}
    </>
  );
}

/** Label and value of a request's detail, stacked on phones. */
function Fact({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="sm:flex sm:gap-2">
      <dt className="text-muted">{label}</dt>
      <dd className="min-w-0 [overflow-wrap:anywhere]">{children}</dd>
    </div>
  );
}

function ReturnCard({ entry, orderKey, problem }: { entry: ReturnView; orderKey: string | undefined; problem: WithdrawProblem["problem"] | null }) {
  const { t, i18n } = useTranslation();
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formData?.get("returnUuid") === entry.uuid;
  return (
    <li className="rounded-xl border border-line p-4 text-sm" data-testid="return-card">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="font-semibold">
          {t("orders.returns.return.title", { number: entry.number })} · {t(`orders.returns.kind.${entry.kind}`)}
        </p>
        <span className={pill}>{t(`orders.returns.return.status.${entry.status}`)}</span>
      </div>
      <ul className="mt-2 space-y-1">
        {entry.items.map((item) => (
          <li key={item.orderItemUuid}>
            {item.name} <span className="text-muted">· {t(`grades.${item.grade}.name`)} · {t(`orders.reasons.${item.reason}`)}</span>
          </li>
        ))}
      </ul>
      <dl className="mt-2 space-y-1">
        {entry.refund && (
          <Fact label={t("orders.returns.refund")}>
            <Price cents={entry.refund.amount} className="font-semibold" />
          </Fact>
        )}
        {entry.decisionReason && <Fact label={t("orders.returns.decisionReason")}>{entry.decisionReason}</Fact>}
        {entry.comment && <Fact label={t("orders.returns.comment")}>{entry.comment}</Fact>}
      </dl>
      {entry.status === "requested" && (
        <>
          <p className="mt-2">{t("orders.returns.return.sendBy", { date: formatDate(entry.sendBy, i18n.language, "long") })}</p>
          <div className="mt-3 flex flex-wrap items-center gap-3">
            <a href={withKey(entry.labelUrl, orderKey)} className={secondaryButton}>
              {t("orders.returns.return.label")}
            </a>
            <Form method="post" action={withKey(orderPath(entry.orderUuid), orderKey)} aria-busy={busy}>
              <input type="hidden" name="intent" value="withdrawReturn" />
              <input type="hidden" name="returnUuid" value={entry.uuid} />
              <button type="submit" disabled={busy} className="min-h-11 px-1 font-semibold text-red-800 underline disabled:opacity-60">
                {busy ? t("orders.returns.return.withdrawing") : t("orders.returns.return.withdraw")}
              </button>
            </Form>
          </div>
        </>
      )}
      {/* Said even when the return has moved on meanwhile (its parcel arrived): the page shows it as it is now. */}
      {problem && (
        <p role="alert" className="mt-2 text-red-800">
          {t(`orders.returns.return.problems.${problem}`)}
        </p>
      )}
    </li>
  );
}

function ClaimCard({ claim, orderKey }: { claim: ClaimView; orderKey: string | undefined }) {
  const { t } = useTranslation();
  const customer = useCustomer();
  const carrier = claim.repairShipment ? (isShippingCarrier(claim.repairShipment.carrier) ? SHIPPING_CARRIER_NAMES[claim.repairShipment.carrier] : claim.repairShipment.carrier) : "";
  return (
    <li className="rounded-xl border border-line p-4 text-sm" data-testid="claim-card">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="font-semibold">{t("orders.returns.claim.title", { number: claim.number })}</p>
        <span className={pill}>{t(`orders.returns.claim.status.${claim.status}`)}</span>
      </div>
      <dl className="mt-2 space-y-1">
        <Fact label={t("orders.returns.claim.item")}>{claim.itemName}</Fact>
        <Fact label={t("orders.returns.claim.remedy")}>{t(`orders.remedies.${claim.remedy}`)}</Fact>
        {claim.photoCount > 0 && <Fact label={t("orders.returns.claim.photos")}>{claim.photoCount}</Fact>}
        {claim.refund && (
          <Fact label={t("orders.returns.refund")}>
            <Price cents={claim.refund.amount} className="font-semibold" />
          </Fact>
        )}
        {claim.decisionReason && <Fact label={t("orders.returns.decisionReason")}>{claim.decisionReason}</Fact>}
        {claim.replacement && (
          <Fact label={t("orders.returns.claim.replacement")}>
            {customer ? (
              <Link to={orderPath(claim.replacement.orderUuid)} className="font-semibold underline">
                {claim.replacement.number}
              </Link>
            ) : (
              claim.replacement.number
            )}
          </Fact>
        )}
      </dl>
      {claim.repairShipment && (
        <a href={claim.repairShipment.trackingUrl} rel="noopener noreferrer" target="_blank" className="mt-2 inline-block font-semibold underline">
          {t("orders.returns.claim.track", { carrier })}
        </a>
      )}
      {claim.status === "open" && (
        <a href={withKey(claim.labelUrl, orderKey)} className={`${secondaryButton} mt-3`}>
          {t("orders.returns.claim.label")}
        </a>
      )}
    </li>
  );
}
