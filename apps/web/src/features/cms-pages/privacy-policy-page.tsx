import { PRIVACY_POLICY } from "../../api/cms.ts";
import { CmsContent, loadCmsPage } from "./cms-content.tsx";

export const loader = () => loadCmsPage(PRIVACY_POLICY);

/** `pages/privacy-policy`: the privacy policy (location `general`), also opened from the registration consent. */
export function Component() {
  return <CmsContent address={PRIVACY_POLICY} />;
}
