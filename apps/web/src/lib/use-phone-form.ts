import { DEFAULT_PHONE_PREFIX, type MobileRule, mobileRule } from "@hcoins/domain/phone-rules";
import { type FormEvent, useCallback, useRef, useState } from "react";

/**
 * The prefix-and-number form of the two landing screens (login and register step 1), without
 * react-hook-form and zod: those two libraries would take the screens past their 150 KB
 * first-load budget (first-load.test.ts). It behaves like the other forms: the domain's rule
 * (mobileRule, the one the server's schema applies) is checked on submit and, after a failed
 * submit, on every change; a failure focuses the number.
 */
export interface PhoneValues {
  mobile_phone_prefix: string;
  mobile_phone: string;
}

export interface PhoneInputProps {
  name: keyof PhoneValues;
  ref: (element: HTMLInputElement | HTMLSelectElement | null) => void;
  onChange: () => void;
}

export function usePhoneForm(initial?: Partial<PhoneValues>) {
  const elements = useRef<Partial<Record<keyof PhoneValues, HTMLInputElement | HTMLSelectElement>>>({});
  const submitted = useRef(false);
  const [error, setError] = useState<{ message: MobileRule | string } | undefined>();
  const [isSubmitting, setSubmitting] = useState(false);

  const values = (): PhoneValues => ({
    mobile_phone_prefix: elements.current.mobile_phone_prefix?.value ?? DEFAULT_PHONE_PREFIX,
    mobile_phone: elements.current.mobile_phone?.value ?? "",
  });

  const check = () => {
    const { mobile_phone_prefix, mobile_phone } = values();
    const rule = mobileRule(mobile_phone_prefix, mobile_phone);
    setError(rule ? { message: rule } : undefined);
    return rule;
  };

  const focusPhone = useCallback(() => elements.current.mobile_phone?.focus(), []);

  const field = (name: keyof PhoneValues): PhoneInputProps => ({
    name,
    ref: (element) => {
      if (!element || elements.current[name] === element) return;
      elements.current[name] = element;
      element.value = initial?.[name] ?? (name === "mobile_phone_prefix" ? DEFAULT_PHONE_PREFIX : "");
    },
    onChange: () => {
      if (submitted.current) check();
    },
  });

  const handleSubmit = (onValid: (values: PhoneValues) => Promise<void>) => async (event: FormEvent) => {
    event.preventDefault();
    submitted.current = true;
    if (check()) {
      focusPhone();
      return;
    }
    setSubmitting(true);
    try {
      await onValid(values());
    } finally {
      setSubmitting(false);
    }
  };

  return {
    prefix: field("mobile_phone_prefix"),
    phone: field("mobile_phone"),
    error,
    /** A rule the server named for the number (its 4000 answer's field errors). */
    setError: (message: string) => setError({ message }),
    focusPhone,
    isSubmitting,
    handleSubmit,
  };
}
