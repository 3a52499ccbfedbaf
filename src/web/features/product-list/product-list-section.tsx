import { useNavigation } from "react-router";
import type { ProductListView } from "../../../api/contract.ts";
import type { ListParams } from "../../../domain/catalogue/list-params.ts";
import { Pagination } from "../../components/pagination.tsx";
import { ProductGrid, ProductGridSkeleton } from "../../components/product-card.tsx";
import { FilterPanel } from "./filter-panel.tsx";

/** Filters beside the grid, pagination below; a skeleton while the next state of the list loads. */
export function ProductListSection({ list, params, label }: { list: ProductListView; params: ListParams; label: string }) {
  const navigation = useNavigation();
  const loading = navigation.state === "loading" && navigation.location.pathname === (typeof window === "undefined" ? "" : window.location.pathname);
  return (
    <div className="mt-6 grid gap-6 md:grid-cols-[15rem_1fr]">
      <aside>
        <FilterPanel params={params} facets={list.facets} />
      </aside>
      <div>
        {loading ? <ProductGridSkeleton /> : <ProductGrid products={list.items} label={label} />}
        <Pagination page={list.page} totalPages={list.totalPages} />
      </div>
    </div>
  );
}
