import type { PayoutBatchView } from "../../../api/contract.ts";
import { Price } from "../../components/price.tsx";
import { useTranslation } from "../../i18n/i18n.tsx";
import { tableCell } from "./ops-ui.tsx";

/** A payout's cells in finance's tables: sale, seller, (its method,) the full account with its holder, and the amount. */
export function PayoutCells({ payout, withMethod = false }: { payout: PayoutBatchView["bankTransfers"][number]; withMethod?: boolean }) {
  const { t } = useTranslation();
  return (
    <>
      <td className={`${tableCell} font-mono`}>{payout.saleNumber}</td>
      <td className={`${tableCell} break-all`}>{payout.sellerEmail}</td>
      {withMethod && <td className={tableCell}>{t(`ops.payouts.methods.${payout.method}`)}</td>}
      <td className={`${tableCell} font-mono text-xs`}>
        {payout.account}
        {payout.holder && <span className="block font-sans text-muted">{payout.holder}</span>}
      </td>
      <td className={`${tableCell} text-right`}>
        <Price cents={payout.amount.amount} />
      </td>
    </>
  );
}
