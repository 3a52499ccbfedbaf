import { Link } from "react-router";
import type { DuePayouts } from "../../../api/contract.ts";
import { Price } from "../../components/price.tsx";
import { useTranslation } from "../../i18n/i18n.tsx";
import { tableCell } from "./ops-ui.tsx";

/**
 * A customer's refund by bank transfer in finance's tables: the order (to its page), the
 * customer, the account the order's money came from with its holder, and the amount. A refund
 * whose account is unknown says so: finance asks the customer for one.
 */
export function RefundTransferCells({ refund }: { refund: DuePayouts["refunds"][number] }) {
  const { t } = useTranslation();
  return (
    <>
      <td className={tableCell}>
        <Link to={`/ops/orders/${refund.orderUuid}`} className="whitespace-nowrap font-mono font-semibold underline">
          {refund.orderNumber}
        </Link>
      </td>
      <td className={`${tableCell} break-all`}>{refund.customerEmail}</td>
      <td className={`${tableCell} font-mono text-xs`}>
        {refund.account ? (
          <>
            {refund.account}
            {refund.holder && <span className="block font-sans text-muted">{refund.holder}</span>}
          </>
        ) : (
          <span className="inline-block rounded border border-amber-500 bg-amber-50 px-1.5 py-0.5 font-sans font-semibold text-amber-900" data-testid="refund-account-unknown">
            {t("ops.payouts.refunds.accountUnknown")}
          </span>
        )}
      </td>
      <td className={`${tableCell} text-right`}>
        <Price cents={refund.amount.amount} />
      </td>
    </>
  );
}
