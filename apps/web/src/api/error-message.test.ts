import { afterEach, describe, expect, it, vi } from "vitest";
import { changeLanguage } from "../lib/i18n.ts";
import { ApiError } from "./client.ts";
import {
  errorCodeOf,
  errorMessage,
  fieldErrors,
  isUnreachable,
  resendWaitOf,
  showFieldErrors,
} from "./error-message.ts";

afterEach(async () => {
  await changeLanguage("en");
});

describe("errorMessage", () => {
  it("gives the domain's text of a known code in the current language, not the server's words", async () => {
    const error = new ApiError(429, 4290, "Too many (in the language the request went out in)");
    expect(errorMessage(error)).toBe("Too Many Failed Attempts, Please try again after 15 minutes.");
    await changeLanguage("tc");
    expect(errorMessage(error)).toBe("嘗試失敗次數過多，請於15分鐘後再試。");
  });

  it("gives the server's message for a code the domain does not know, else 'Server Error'", () => {
    expect(errorMessage(new ApiError(400, 4999, "Something particular"))).toBe("Something particular");
    expect(errorMessage(new ApiError(200, null, "A duplicate, says the scheme"))).toBe(
      "A duplicate, says the scheme",
    );
    expect(errorMessage(new ApiError(500, null, ""))).toBe("Server Error");
    expect(errorMessage(new TypeError("not a call at all"))).toBe("Server Error");
  });

  it.each([
    ["no answer after the retry (network failure or timeout)", new ApiError(0, null, "")],
    ["a gateway's 502", new ApiError(502, null, "")],
    ["a 503", new ApiError(503, null, "Service Unavailable")],
    ["a gateway timeout", new ApiError(504, null, "")],
  ])("says the service is unreachable, in the member's language, for %s", async (_case, error) => {
    expect(isUnreachable(error)).toBe(true);
    expect(errorMessage(error)).toBe(
      "The service cannot be reached right now. Please check your connection and try again.",
    );
    await changeLanguage("tc");
    expect(errorMessage(error)).toBe("暫時未能連接服務，請檢查網絡連線後再試。");
    await changeLanguage("sc");
    expect(errorMessage(error)).toBe("暂时无法连接服务，请检查网络连接后重试。");
  });

  it("gives the server's 5030 its own text (the server answered: try again later), typed fields kept", () => {
    const error = new ApiError(503, 5030, "database down");
    expect(isUnreachable(error)).toBe(true);
    expect(errorMessage(error)).toBe("The service is temporarily unavailable, please try again later.");
  });

  it("does not call a refusal or a server fault unreachable", () => {
    expect(isUnreachable(new ApiError(500, null, ""))).toBe(false);
    expect(isUnreachable(new ApiError(400, 4000, ""))).toBe(false);
    expect(isUnreachable(new ApiError(401, 5000, ""))).toBe(false);
    expect(isUnreachable(new TypeError("x"))).toBe(false);
  });

  it("gives a refused mobile number's rule (screens that send codes have no field to show it on)", async () => {
    const notMobile = new ApiError(400, 4000, "", {
      errors: [{ field: "mobile_phone", rule: "mobileNotMobile" }],
    });
    expect(errorMessage(notMobile)).toBe("This is not a mobile number, please check it");
    await changeLanguage("sc");
    expect(errorMessage(notMobile)).toBe("该号码不是手机号码，请检查");
    const otherField = new ApiError(400, 4000, "", { errors: [{ field: "email", rule: "emailFormat" }] });
    expect(errorMessage(otherField)).toBe("请检查已标出的字段。");
  });

  it("reads the code of a call's failure only", () => {
    expect(errorCodeOf(new ApiError(404, 4040, ""))).toBe(4040);
    expect(errorCodeOf(new Error("x"))).toBeNull();
  });
});

describe("field rules of a 4000", () => {
  const validation = new ApiError(400, 4000, "", {
    errors: [
      { field: "first_name", rule: "firstNameNull" },
      { field: "mobile_phone", rule: "mobileBlocked" },
    ],
  });

  it("lists every rule, and none for other failures", () => {
    expect(fieldErrors(validation)).toEqual([
      { field: "first_name", rule: "firstNameNull" },
      { field: "mobile_phone", rule: "mobileBlocked" },
    ]);
    expect(fieldErrors(new ApiError(409, 40010, ""))).toEqual([]);
  });

  it("puts each rule on the form's field of that name and leaves the others to the caller", () => {
    const setError = vi.fn();
    const form = { setError, getValues: () => ({ first_name: "", last_name: "" }) };
    expect(showFieldErrors(validation, form as never)).toHaveLength(2);
    expect(setError).toHaveBeenCalledTimes(1);
    expect(setError).toHaveBeenCalledWith("first_name", { message: "firstNameNull" });
  });
});

describe("resendWaitOf", () => {
  it("is the seconds of a 4203 (a code went out moments ago), else null", () => {
    expect(resendWaitOf(new ApiError(429, 4203, "", { retry_after_seconds: 42 }))).toBe(42);
    expect(resendWaitOf(new ApiError(429, 4203, ""))).toBeNull();
    expect(resendWaitOf(new ApiError(429, 4204, "", { retry_after_seconds: 3600 }))).toBeNull();
  });
});
