import { useQuery } from "@tanstack/react-query";
import { brandsQuery } from "../../api/brands.ts";
import { BrandLogo } from "../../components/brand-logo.tsx";
import { WithQueryClient } from "../../lib/query-client-provider.tsx";

/**
 * The retail chains where members earn: the brands the operators keep in the console, each
 * logo with its name in the current language. While they load, or when the call fails, the
 * list is left out: the section still leads to the shop. A lazy part of a landing screen, it
 * brings its own query client (and the library).
 */
export function BrandList() {
  return (
    <WithQueryClient>
      <Brands />
    </WithQueryClient>
  );
}

function Brands() {
  const brands = useQuery(brandsQuery());
  if (!brands.data?.length) return null;
  return (
    <ul className="chain-logos">
      {brands.data.map((brand) => (
        <li key={brand.id}>
          <BrandLogo name={brand.name} token={brand.logo_media_token} size={64} />
          <span>{brand.name}</span>
        </li>
      ))}
    </ul>
  );
}
