/** Every en namespace in one chunk, loaded when en is the page's language (lib/i18n.ts). */
export default import.meta.glob<Record<string, unknown>>("./en/*.json", { eager: true, import: "default" });
