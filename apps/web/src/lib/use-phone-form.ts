import {
  DEFAULT_PHONE_PREFIX,
  type MobileRule,
  mobileRule,
  normaliseMobile,
} from "@hcoins/domain/phone-rules";
import { type FormEvent, useCallback, useRef, useState } from "react";
import type { Phone } from "./session.ts";

/**
 * The prefix-and-number form of the two landing screens (login and register step 1), without
 * react-hook-form and zod: those two libraries would take the screens past their 150 KB
 * first-load budget (first-load.test.ts). It behaves like the other forms: the domain's rule
 * (mobileRule, the one the server's schema applies) is checked on submit and, after a failed
 * submit, on every change; a failure focuses the number. The controls carry the payload's
 * names, so that a server rule on `mobile_phone` can be shown on its control. The number goes on
 * normalised (normaliseMobile: "9123 4567" and full-width digits are one number), as the server
 * would store it, so the session and the next step's URL hold the stored spelling.
 */
type FieldName = "mobile_phone_prefix" | "mobile_phone";

export interface PhoneInputProps {
  name: FieldName;
  ref: (element: HTMLInputElement | HTMLSelectElement | null) => void;
  onChange: () => void;
}

export function usePhoneForm(initial?: Phone | null) {
  const elements = useRef<Partial<Record<FieldName, HTMLInputElement | HTMLSelectElement>>>({});
  const submitted = useRef(false);
  const [error, setError] = useState<{ message: MobileRule | string } | undefined>();

  const values = (): Phone => ({
    phonePre: elements.current.mobile_phone_prefix?.value ?? DEFAULT_PHONE_PREFIX,
    phone: normaliseMobile(elements.current.mobile_phone?.value ?? ""),
  });

  const check = () => {
    const { phonePre, phone } = values();
    const rule = mobileRule(phonePre, phone);
    setError(rule ? { message: rule } : undefined);
    return rule;
  };

  const focusPhone = useCallback(() => elements.current.mobile_phone?.focus(), []);

  const field = (name: FieldName): PhoneInputProps => ({
    name,
    ref: (element) => {
      if (!element || elements.current[name] === element) return;
      elements.current[name] = element;
      element.value =
        name === "mobile_phone_prefix" ? (initial?.phonePre ?? DEFAULT_PHONE_PREFIX) : (initial?.phone ?? "");
    },
    onChange: () => {
      if (submitted.current) check();
    },
  });

  const handleSubmit = (onValid: (phone: Phone) => void) => (event: FormEvent) => {
    event.preventDefault();
    submitted.current = true;
    if (check()) {
      focusPhone();
      return;
    }
    onValid(values());
  };

  return {
    phonePre: field("mobile_phone_prefix"),
    phone: field("mobile_phone"),
    error,
    /** A rule the server named for the number (its 4000 answer's field errors). */
    setError: (message: string) => setError({ message }),
    focusPhone,
    handleSubmit,
  };
}
