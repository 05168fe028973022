import { config } from "../lib/config.ts";

/**
 * App Store and Google Play buttons, drawn here: no artwork is fetched from outside and no
 * company's logo is copied (the icons are generic). The words are real text from the calling
 * screen's catalogue, so each language gets its own badge, and the link's accessible name is
 * exactly what it shows (WCAG 2.5.3: a speech-control user says what they see).
 */
export interface BadgeText {
  /** The small line above the store name, e.g. "Download on the". */
  caption: string;
}

type Store = "appStore" | "googlePlay";

const STORE_NAME: Record<Store, string> = { appStore: "App Store", googlePlay: "Google Play" };

function StoreIcon({ store }: { store: Store }) {
  // A phone with a download arrow, and a shopping bag: generic, no company's mark.
  return (
    <svg className="store-badge-icon" viewBox="8 6 24 32" width="20" height="27" aria-hidden="true">
      <g fill="none" stroke="#fff" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">
        {store === "appStore" ? (
          <>
            <rect x="12" y="9" width="16" height="26" rx="3" />
            <path d="M20 15v10m-4-4 4 4 4-4" />
          </>
        ) : (
          <>
            <path d="M11 16h18l-2 18H13z" />
            <path d="M16 16v-2a4 4 0 0 1 8 0v2" />
          </>
        )}
      </g>
    </svg>
  );
}

function Badge({ store, text, href }: { store: Store; text: BadgeText; href: string }) {
  return (
    <a className="store-badge" href={href}>
      <StoreIcon store={store} />
      <span className="store-badge-text">
        <span className="store-badge-caption">{text.caption}</span>{" "}
        <span className="store-badge-store">{STORE_NAME[store]}</span>
      </span>
    </a>
  );
}

export function StoreBadges({
  appStore,
  googlePlay,
  className,
}: {
  appStore: BadgeText;
  googlePlay: BadgeText;
  className?: string;
}) {
  return (
    <ul className={`store-badges ${className ?? ""}`}>
      <li>
        <Badge store="appStore" text={appStore} href={config.appStoreUrl} />
      </li>
      <li>
        <Badge store="googlePlay" text={googlePlay} href={config.googlePlayUrl} />
      </li>
    </ul>
  );
}
