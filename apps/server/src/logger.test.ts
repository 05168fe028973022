import { describe, expect, it } from "vitest";
import { censorSecrets } from "./logger.ts";

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
