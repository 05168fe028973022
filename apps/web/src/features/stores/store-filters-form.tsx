import type { StoreFilterChoices } from "@hcoins/domain/api/stores";
import type { StoreFilters } from "../../api/stores.ts";
import { SelectField } from "../../components/form-fields.tsx";
import { useTranslation } from "../../lib/i18n.ts";

/**
 * Region → district → brand. The district list is the chosen region's, so it stays
 * disabled until a region is chosen. Each choice applies at once (no submit button).
 */
export function StoreFiltersForm({
  choices,
  filters,
  onRegion,
  onDistrict,
  onBrand,
}: {
  choices: StoreFilterChoices | null;
  filters: StoreFilters;
  onRegion: (code: string) => void;
  onDistrict: (code: string) => void;
  onBrand: (code: string) => void;
}) {
  const { t } = useTranslation("stores");
  const regions = choices?.regions ?? [];
  const districts = regions.find((region) => region.code === filters.region)?.districts ?? [];
  return (
    <form
      className="store-filters"
      aria-label={t("filtersLabel")}
      onSubmit={(event) => event.preventDefault()}
    >
      <SelectField
        label={t("region")}
        placeholder={t("allRegions")}
        options={regions.map((region) => ({ value: region.code, label: region.name }))}
        value={filters.region}
        disabled={!choices}
        onChange={(event) => onRegion(event.target.value)}
      />
      <SelectField
        label={t("district")}
        placeholder={filters.region ? t("allDistricts") : t("chooseRegionFirst")}
        options={districts.map((district) => ({ value: district.code, label: district.name }))}
        value={filters.district}
        disabled={!choices || !filters.region}
        onChange={(event) => onDistrict(event.target.value)}
      />
      <SelectField
        label={t("brand")}
        placeholder={t("allBrands")}
        options={(choices?.brands ?? []).map((brand) => ({ value: brand.code, label: brand.name }))}
        value={filters.brand}
        disabled={!choices}
        onChange={(event) => onBrand(event.target.value)}
      />
    </form>
  );
}
