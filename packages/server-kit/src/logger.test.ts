import { Writable } from "node:stream";
import { type LoggerOptions, pino } from "pino";
import { describe, expect, it } from "vitest";
import { censorSecrets, loggingOptions, redactUrl } from "./logger.ts";

describe("censorSecrets", () => {
  it("censors a secret key at the top and inside plain objects, three levels down", () => {
    const object = {
      token: "t1",
      body: { mobile_phone: "91234567", password: "p1", new_password: "p2" },
      req: { headers: { authorization: "Bearer abc", accept: "*/*" } },
    };
    expect(censorSecrets(object)).toEqual({
      token: "[redacted]",
      body: { mobile_phone: "91234567", password: "[redacted]", new_password: "[redacted]" },
      req: { headers: { authorization: "[redacted]", accept: "*/*" } },
    });
  });

  it("leaves the logged object itself as it was", () => {
    const object = { body: { sms_token: "123456" } };
    censorSecrets(object);
    expect(object.body.sms_token).toBe("123456");
  });

  it("returns the same object when it holds no secret", () => {
    const object = { req: { method: "GET", url: "/x" }, responseTime: 1.5 };
    expect(censorSecrets(object)).toBe(object);
  });

  it("goes no deeper than three levels, and not into objects its serializers render", () => {
    const deep = { a: { b: { c: { password: "p" } } } };
    expect(censorSecrets(deep)).toBe(deep);
    class Request {
      password = "p";
    }
    const request = new Request();
    expect(censorSecrets({ req: request }).req).toBe(request);
  });
});

describe("redactUrl", () => {
  // base64url of {"phonePre":"852","phone":"91234567"}, as the web app's phone steps carry it.
  const data = Buffer.from(JSON.stringify({ phonePre: "852", phone: "91234567" })).toString("base64url");

  it("hides the mobile number of the phone steps' data query, keeping the rest of the address", () => {
    for (const path of ["/login/step2", "/register/step2", "/reset-pw/step1", "/reset-pw/step2"]) {
      expect(redactUrl(`${path}?data=${data}&redirect=%2Fqrcode`)).toBe(
        `${path}?data=[redacted]&redirect=%2Fqrcode`,
      );
      expect(redactUrl(`${path}?lang=en&data=${data}`)).toBe(`${path}?lang=en&data=[redacted]`);
    }
  });

  it("hides a query carried percent-encoded inside another, and credentials as before", () => {
    const nested = `/login?redirect=${encodeURIComponent(`/register/step2?data=${data}`)}&lang=tc`;
    expect(redactUrl(nested)).toBe("/login?redirect=%2Fregister%2Fstep2%3Fdata%3D[redacted]&lang=tc");
    expect(redactUrl("/crm/user/subscription-preferences?token=abc.def")).toBe(
      "/crm/user/subscription-preferences?token=[redacted]",
    );
  });

  it("leaves a query whose name only ends in a secret's name", () => {
    expect(redactUrl("/x?metadata=1&page_token_hint=2")).toBe("/x?metadata=1&page_token_hint=2");
  });
});

describe("the server's logger", () => {
  function logLines() {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk, _encoding, done) {
        lines.push(String(chunk));
        done();
      },
    });
    const { logger } = loggingOptions({ logLevel: "info" }, stream);
    return { log: pino(logger as LoggerOptions, stream), lines };
  }

  it("censors a credential in a log object", () => {
    const { log, lines } = logLines();
    log.info({ body: { mobile_phone: "91234567", password: "Secret1pass" } }, "a body");
    expect(lines.join("")).not.toContain("Secret1pass");
    expect(JSON.parse(lines[0] as string).body).toEqual({ mobile_phone: "91234567", password: "[redacted]" });
  });

  it("censors a credential among an error's fields and keeps its message and stack", () => {
    const { log, lines } = logLines();
    const error = Object.assign(new Error("refused"), { token: "tok-abcdef", status: 401 });
    log.error({ err: error }, "call failed");
    const line = JSON.parse(lines[0] as string);
    expect(line.err).toMatchObject({ type: "Error", message: "refused", token: "[redacted]", status: 401 });
    expect(line.err.stack).toContain("refused");
    expect(lines.join("")).not.toContain("tok-abcdef");
  });
});
