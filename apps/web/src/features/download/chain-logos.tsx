import { useTranslation } from "react-i18next";

/**
 * The retail chains where members earn: the project's fictional brands (the same as
 * the seeded stores), drawn as SVG, each with its name in the current language.
 */
const CHAINS = [
  { key: "harbourFresh", initials: "HF", colour: "#0f766e", accent: "#f59e0b" },
  { key: "pearlConvenience", initials: "PC", colour: "#1d4ed8", accent: "#facc15" },
  { key: "jadeWellness", initials: "JW", colour: "#15803d", accent: "#f472b6" },
  { key: "goldenCrust", initials: "GC", colour: "#b45309", accent: "#fde68a" },
] as const;

export function ChainLogos() {
  const { t } = useTranslation("download");
  return (
    <ul className="chain-logos">
      {CHAINS.map((chain) => (
        <li key={chain.key}>
          <svg viewBox="0 0 64 64" width="64" height="64" aria-hidden="true">
            <rect width="64" height="64" rx="14" fill={chain.colour} />
            <circle cx="51" cy="13" r="7" fill={chain.accent} />
            <text
              x="32"
              y="41"
              fill="#fff"
              fontSize="24"
              fontWeight="800"
              textAnchor="middle"
              fontFamily="inherit"
            >
              {chain.initials}
            </text>
          </svg>
          <span>{t(`chains.${chain.key}`)}</span>
        </li>
      ))}
    </ul>
  );
}
