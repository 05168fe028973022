/**
 * The hand-over of an answer index.html's inline script asked for before the app's code arrived
 * (a returning member's profile: app/first-paint.ts writes that script). The script leaves its
 * requests under this global; the api client takes one when it makes the same call with the same
 * credentials, once, instead of asking again.
 */
export const EARLY_RESPONSES = "__earlyResponses";

interface EarlyResponse {
  url: string;
  authorization: string;
  response: Promise<Response>;
}

export function takeEarlyResponse(
  url: URL,
  authorization: string | undefined,
): Promise<Response> | undefined {
  const early = (window as unknown as Record<typeof EARLY_RESPONSES, EarlyResponse[] | undefined>)[
    EARLY_RESPONSES
  ];
  const index = early?.findIndex(
    (item) => item.url === `${url.pathname}${url.search}` && item.authorization === authorization,
  );
  if (!early || index === undefined || index < 0) return undefined;
  return early.splice(index, 1)[0]?.response;
}
