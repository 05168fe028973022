import { HTML_LANG, type Language } from "@hcoins/domain/languages";

/**
 * What a member sees when the per-address request limit (RATE_LIMIT_PER_MINUTE) refuses a page:
 * a small page in the page's language with when to come back, where the API's JSON envelope
 * would have shown as raw text. No script and nothing to load: the app is the thing being refused.
 * The wording follows the web app's own (register.json's retryIn and retry).
 */
const TEXTS: Record<Language, { title: string; message: (seconds: number) => string; retry: string }> = {
  en: {
    title: "Too many requests",
    message: (seconds) =>
      `Too many requests came from your network in the last minute. Please try again in ${seconds} ${seconds === 1 ? "second" : "seconds"}.`,
    retry: "Try again",
  },
  tc: {
    title: "請求過於頻繁",
    message: (seconds) => `過去一分鐘內，來自你網絡的請求過多。請於${seconds}秒後再試。`,
    retry: "再試一次",
  },
  sc: {
    title: "请求过于频繁",
    message: (seconds) => `过去一分钟内，来自您网络的请求过多。请在${seconds}秒后重试。`,
    retry: "重试",
  },
};

/** Nothing but its own inline style: no script, no image, no form. */
export const LIMITED_PAGE_CSP =
  "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

const STYLE =
  "body{margin:0;font-family:system-ui,-apple-system,'Segoe UI',Roboto,'Noto Sans HK','Noto Sans SC',sans-serif;" +
  "color:#1f1f1f;background:#f7f5f2;line-height:1.5}main{max-width:28rem;margin:15vh auto;padding:0 1.5rem}" +
  "h1{font-size:1.375rem}a{display:inline-block;margin-top:.5rem;padding:.625rem 1.25rem;border-radius:10px;" +
  "background:#c25700;color:#fff;text-decoration:none}";

/** The page; `href=""` reloads the address the member asked for, whatever it was. */
export function limitedPage(language: Language, retryAfterSeconds: number): string {
  const text = TEXTS[language];
  return (
    `<!doctype html><html lang="${HTML_LANG[language]}"><head><meta charset="utf-8">` +
    '<meta name="viewport" content="width=device-width, initial-scale=1">' +
    `<title>${text.title} | H Coins</title><style>${STYLE}</style></head>` +
    `<body><main><h1>${text.title}</h1><p>${text.message(retryAfterSeconds)}</p>` +
    `<a href="">${text.retry}</a></main></body></html>`
  );
}
