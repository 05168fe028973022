import { useTranslation } from "../../lib/i18n.ts";

/** The six membership benefits of product-spec.md section 1, each with a drawn icon. */
const BENEFITS = ["qr", "earn", "offers", "privileges", "birthday", "redeem"] as const;
type Benefit = (typeof BENEFITS)[number];

const ICONS: Record<Benefit, React.ReactNode> = {
  qr: <path d="M6 6h10v10H6zM24 6h10v10H24zM6 24h10v10H6zM24 24h4v4h-4zM30 30h4v4h-4zM24 32h2M32 24h2" />,
  earn: (
    <>
      <circle cx="20" cy="20" r="14" />
      <path d="M15 13v14m10-14v14M15 20h10" />
    </>
  ),
  offers: (
    <>
      <path d="M6 20 20 6h14v14L20 34z" />
      <circle cx="27" cy="13" r="2.5" />
    </>
  ),
  privileges: <path d="m20 5 4.5 9.5 10.5 1.2-7.8 7.1 2.2 10.2L20 27.8 10.6 33l2.2-10.2L5 15.7l10.5-1.2z" />,
  birthday: (
    <path d="M7 34h26V21H7zM7 27c4 3 8 3 13 0s9-3 13 0M14 21v-5m6 5v-5m6 5v-5M14 12v-2m6 2v-2m6 2v-2" />
  ),
  redeem: (
    <path d="M6 15h28v7H6zM8 22h24v12H8zM20 15v19M20 15c-3-6-10-6-9-1 1 3 9 1 9 1zm0 0c3-6 10-6 9-1-1 3-9 1-9 1z" />
  ),
};

export function BenefitTiles() {
  const { t } = useTranslation("download");
  return (
    <ul className="benefit-tiles">
      {BENEFITS.map((benefit) => (
        <li key={benefit} className="benefit-tile">
          <svg
            viewBox="0 0 40 40"
            width="40"
            height="40"
            fill="none"
            stroke="currentColor"
            strokeWidth="2.5"
            strokeLinecap="round"
            strokeLinejoin="round"
            aria-hidden="true"
          >
            {ICONS[benefit]}
          </svg>
          <h3>{t(`benefits.${benefit}.title`)}</h3>
          <p>{t(`benefits.${benefit}.text`)}</p>
        </li>
      ))}
    </ul>
  );
}
