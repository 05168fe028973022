import type { AnswerOf } from "@hcoins/domain/api/contract";
import type { Phone } from "../lib/session.ts";
import { useDeferredMutation } from "../lib/use-deferred-mutation.ts";
import type { MutationOptions } from "./client.ts";
import type { PhoneCheck } from "./member-checks.ts";
import type { SmsSent } from "./registration.ts";

/**
 * The calls of the landing screens' forms, as mutations whose code (TanStack Query and the
 * area's module, api/member-checks.ts or api/registration.ts) loads after the screen has drawn
 * (lib/use-deferred-mutation.ts). Every other screen uses the areas' own hooks.
 */

/** CheckPhone's answer, and whether it names a registered member (MemberCheckCode.registered). */
export type PhoneCheckAnswer = AnswerOf<"checkPhone"> & { registered: boolean };

/** Login step 1: CheckPhone (useCheckPhone's), the outcome read with the domain's codes it loads. */
export const useCheckPhoneStep = (options?: MutationOptions<PhoneCheckAnswer, PhoneCheck>) =>
  useDeferredMutation(async () => {
    const [{ checkPhone }, { MemberCheckCode }] = await Promise.all([
      import("./member-checks.ts"),
      import("@hcoins/domain/codes"),
    ]);
    return async (check: PhoneCheck) => {
      const answer = await checkPhone(check);
      return { ...answer, registered: answer.code === MemberCheckCode.registered };
    };
  }, options);

/** Register step 1: the first SMS code (useRequestSmsCode's). */
export const useRequestSmsCodeStep = (options?: MutationOptions<SmsSent, Phone>) =>
  useDeferredMutation(async () => (await import("./registration.ts")).requestSmsCode, options);
