/**
 * One API call over real HTTP to a server process, as the web app sends it: JSON body,
 * `Authorization: Bearer web:<token>` and, behind a proxy (TRUST_PROXY=true), the client's
 * address in X-Forwarded-For, so that tests and the load run can act as many clients.
 */
export interface HttpCallOptions {
  body?: Record<string, unknown>;
  /** Access token; "guest" by default. */
  token?: string;
  /** The client address the load balancer would forward. */
  client?: string;
  lang?: string;
}

export interface HttpAnswer {
  status: number;
  // biome-ignore lint/suspicious/noExplicitAny: envelopes are read freely
  body: any;
}

export async function httpCall(
  baseUrl: string,
  method: "GET" | "POST",
  path: string,
  options: HttpCallOptions = {},
): Promise<HttpAnswer> {
  const headers: Record<string, string> = { authorization: `Bearer web:${options.token ?? "guest"}` };
  if (options.client) headers["x-forwarded-for"] = options.client;
  if (options.lang) headers["accept-language"] = options.lang;
  if (options.body) headers["content-type"] = "application/json";
  const response = await fetch(`${baseUrl}${path}`, {
    method,
    headers,
    ...(options.body ? { body: JSON.stringify(options.body) } : {}),
  });
  const text = await response.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {}
  return { status: response.status, body };
}
