import { useCallback, useEffect, useState } from "react";

/** Seconds left before the next SMS may be asked for; start(60) after each send. */
export function useCountdown(initial = 0) {
  const [left, setLeft] = useState(initial);
  useEffect(() => {
    if (left <= 0) return;
    const timer = setTimeout(() => setLeft((value) => value - 1), 1000);
    return () => clearTimeout(timer);
  }, [left]);
  const start = useCallback((seconds: number) => setLeft(seconds), []);
  return { left, start, running: left > 0 };
}
