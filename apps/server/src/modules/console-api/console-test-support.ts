import { CONSOLE_API, type ConsoleAccess, type OperatorRole } from "@hcoins/domain/api/console";
import { createServer } from "@hcoins/server-kit/create-server";
import { MEMBER_ENVELOPE } from "../../errors.ts";
import type { TestApp } from "../../testing/test-app.ts";
import { totpCode } from "../operators/totp.ts";
import { consoleApiRoutes } from "./routes.ts";

export interface ConsoleCallOptions {
  cookie?: string | null;
  csrf?: string | null;
  body?: Record<string, unknown>;
  remoteAddress?: string;
  headers?: Record<string, string>;
}

export interface ConsoleAnswer {
  status: number;
  // biome-ignore lint/suspicious/noExplicitAny: tests read envelope fields freely
  body: any;
  text: string;
  headers: Record<string, unknown>;
}

/** A console call (no bearer header): the session cookie and CSRF token as given. */
export async function consoleCall(
  t: TestApp,
  method: "GET" | "POST",
  path: string,
  options: ConsoleCallOptions = {},
): Promise<ConsoleAnswer> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.cookie) headers.cookie = options.cookie;
  if (options.csrf) headers["x-csrf-token"] = options.csrf;
  if (options.body) headers["content-type"] = "application/json";
  const response = await t.app.inject({
    method,
    url: `${CONSOLE_API}${path}`,
    headers,
    ...(options.body ? { payload: JSON.stringify(options.body) } : {}),
    ...(options.remoteAddress ? { remoteAddress: options.remoteAddress } : {}),
  });
  let body: unknown = response.body;
  try {
    body = JSON.parse(response.body);
  } catch {}
  return { status: response.statusCode, body, text: response.body, headers: response.headers };
}

/** The `name=value` part of an answer's Set-Cookie, for the next request's Cookie header. */
export function cookieOf(answer: ConsoleAnswer): string {
  const header = answer.headers["set-cookie"];
  const line = Array.isArray(header) ? header[0] : header;
  if (typeof line !== "string") throw new Error(`no Set-Cookie in ${answer.status} ${answer.text}`);
  return line.split(";")[0] as string;
}

/** The token of a sign-in link (the part after #). */
export const linkToken = (link: string) => link.slice(link.indexOf("#") + 1);

/** The base32 secret of an otpauth URI. */
export const secretOf = (uri: string) => new URL(uri).searchParams.get("secret") as string;

export interface SignedInOperator {
  email: string;
  secret: string;
  cookie: string;
  csrf: string;
  password: string;
}

export const OPERATOR_PASSWORD = "Console2024";

/** An operator added (as the CLI would), activated through the link with an authenticator, and signed in. */
export async function signedInOperator(
  t: TestApp,
  role: OperatorRole,
  email = `${role.toLowerCase()}@example.com`,
) {
  const { link } = await t.app.services.operators.add(email, role, { actor: "cli:test", address: null });
  const token = linkToken(link);
  const invitation = await consoleCall(t, "POST", "/session/invitation", { body: { token } });
  const secret = secretOf(invitation.body.payload.otpauth_uri);
  const activated = await consoleCall(t, "POST", "/session/activate", {
    body: { token, password: OPERATOR_PASSWORD, totp_code: totpCode(secret, t.clock.now()) },
  });
  if (activated.status !== 200) throw new Error(`activation failed: ${activated.text}`);
  return {
    email,
    secret,
    cookie: cookieOf(activated),
    csrf: activated.body.payload.csrf_token as string,
    password: OPERATOR_PASSWORD,
  } satisfies SignedInOperator;
}

/** A call as `as`: a GET without a body, a POST with one (with the session's CSRF token), in `lang` if given. */
export const callAs = (
  t: TestApp,
  path: string,
  as: SignedInOperator,
  body?: Record<string, unknown>,
  lang?: string,
) =>
  consoleCall(t, body ? "POST" : "GET", path, {
    cookie: as.cookie,
    csrf: as.csrf,
    ...(body ? { body } : {}),
    ...(lang ? { headers: { "accept-language": lang } } : {}),
  });

/** A route of the console API as Fastify registered it. */
export interface RegisteredConsoleRoute {
  method: "GET" | "POST";
  /** Under CONSOLE_API, with Fastify's `:param` names. */
  path: string;
  access: ConsoleAccess | undefined;
}

/**
 * Every route the console API plugin registers, seen by Fastify's onRoute as it registers them
 * (HEAD twins left out), with the access each declares: the console plugin of the app under test,
 * registered again on a bare server that listens to onRoute first.
 */
export async function registeredConsoleRoutes(t: TestApp): Promise<RegisteredConsoleRoute[]> {
  const probe = await createServer({
    logLevel: "silent",
    trustProxy: 0,
    bodyLimit: 64 * 1024,
    envelope: MEMBER_ENVELOPE,
  });
  const routes: RegisteredConsoleRoute[] = [];
  probe.addHook("onRoute", (route) => {
    for (const method of [route.method].flat()) {
      if (method === "HEAD") continue;
      routes.push({
        method: method as RegisteredConsoleRoute["method"],
        path: route.url.slice(CONSOLE_API.length),
        access: route.config?.consoleAccess,
      });
    }
  });
  await probe.register(consoleApiRoutes, { services: t.app.services });
  await probe.ready();
  await probe.close();
  return routes;
}

/** A path with each `:param` replaced. */
export const pathWith = (path: string, value: (param: string) => string) =>
  path.replace(/:([A-Za-z0-9_]+)/g, (_all, param: string) => value(param));
