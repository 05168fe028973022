import { type LoaderFunctionArgs, useParams } from "react-router";
import { CmsContent, loadCmsPage } from "./cms-content.tsx";

export const loader = ({ params }: LoaderFunctionArgs) =>
  loadCmsPage({ location: params.location ?? "", slug: params.slug ?? "" });

/** `pages/{location}/{url_slug}`: a merchant page. */
export function Component() {
  const { location = "", slug = "" } = useParams();
  return <CmsContent address={{ location, slug }} />;
}
