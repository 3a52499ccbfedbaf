import { useNavigation } from "react-router";
import type { ProductListView } from "../../../api/contract.ts";
import type { ListParams } from "../../../domain/catalogue/list-params.ts";
import { Pagination } from "../../components/pagination.tsx";
import { ProductGrid, ProductGridSkeleton, type SearchContext } from "../../components/product-card.tsx";
import { FilterPanel } from "./filter-panel.tsx";

/** Filters beside the grid, pagination below; a skeleton while the next state of the list loads. */
export function ProductListSection({
  list,
  params,
  label,
  search,
  keep,
  empty,
  wished,
}: {
  list: ProductListView;
  params: ListParams;
  label: string;
  search?: SearchContext;
  /** URL parameters the filters and pages keep (the search query and its id). */
  keep?: Record<string, string>;
  empty?: React.ReactNode;
  /** The customer's wished ids among the shown products; null for a visitor. */
  wished: readonly number[] | null;
}) {
  const navigation = useNavigation();
  const loading = navigation.state === "loading" && navigation.location.pathname === (typeof window === "undefined" ? "" : window.location.pathname);
  return (
    <div className="mt-6 grid grid-cols-1 gap-6 md:grid-cols-[15rem_minmax(0,1fr)]">
      <aside>
        <FilterPanel params={params} facets={list.facets} keep={keep} countsShown={!list.search?.countsCapped} />
      </aside>
      <div>
        {loading ? <ProductGridSkeleton /> : <ProductGrid products={list.items} label={label} search={search} empty={empty} wished={wished} />}
        <Pagination page={list.page} totalPages={list.totalPages} keep={keep} />
      </div>
    </div>
  );
}
