import { useSearchParams } from "react-router";
import { Button } from "./button.tsx";
import { useLeave } from "./use-leave.ts";

/**
 * The ways on after registering or updating the profile: on to the shop (or the allowed
 * `redirect` target), or an app's download page in a new tab. Texts come from the caller's
 * namespace.
 */
export function LeaveOrDownloadActions({
  texts,
  downloadUrl,
}: {
  texts: { continue: string; goShopping: string; download: string; opensNewTab: string };
  downloadUrl: string;
}) {
  const [search] = useSearchParams();
  const redirect = search.get("redirect");
  const leave = useLeave();
  return (
    <>
      <Button className="button button-primary button-block" onClick={() => leave(redirect)}>
        {redirect ? texts.continue : texts.goShopping}
      </Button>
      <a
        className="button button-secondary button-block"
        href={downloadUrl}
        target="_blank"
        rel="noopener noreferrer"
      >
        {texts.download}
        <span className="visually-hidden"> {texts.opensNewTab}</span>
      </a>
    </>
  );
}
