/** Every sc text of the screens the landing pages never show, in one chunk (lib/i18n.ts, loadLazyTexts). */
export default import.meta.glob<Record<string, unknown>>("../sc/lazy/*.json", {
  eager: true,
  import: "default",
});
