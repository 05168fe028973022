type FailureHandler = (error: unknown) => Promise<void> | void;
let handler: FailureHandler = () => {};

/**
 * Who tells the member about a failed mutation by default (the AlertProvider, which knows how
 * to show a message). Returns the function that takes the handler back. Apart from the query
 * client (query-client.ts), so that the app shell sets it without loading TanStack Query.
 */
export function setMutationFailureHandler(next: FailureHandler): () => void {
  handler = next;
  return () => {
    if (handler === next) handler = () => {};
  };
}

/** The default for a failed mutation: the member is told what it means. */
export const mutationFailed = (error: unknown) => handler(error);
