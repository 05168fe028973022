/** Every tc namespace in one chunk, loaded when tc is the page's language (lib/i18n.ts). */
export default import.meta.glob<Record<string, unknown>>("./tc/*.json", { eager: true, import: "default" });
