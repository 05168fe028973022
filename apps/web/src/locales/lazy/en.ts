/** Every en text of the screens the landing pages never show, in one chunk (lib/i18n.ts, loadLazyTexts). */
export default import.meta.glob<Record<string, unknown>>("../en/lazy/*.json", {
  eager: true,
  import: "default",
});
