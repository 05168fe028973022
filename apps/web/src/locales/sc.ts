/** Every sc namespace in one chunk, loaded when sc is the page's language (lib/i18n.ts). */
export default import.meta.glob<Record<string, unknown>>("./sc/*.json", { eager: true, import: "default" });
