import type { Compilable, CompiledQuery, Kysely } from "kysely";

/** Stands in for argument i while the query is compiled; no real value starts with NUL. */
const placeholder = (index: number) => `\u0000argument ${index}`;

/**
 * A query built and compiled once and then run with each call's values. Kysely builds and
 * compiles a query on every call, which costs about as much as SQLite running a lookup
 * (bench/RESULTS.md); the calls every request makes (the session behind a bearer token,
 * CheckPhone) differ only in their values. `build` is called once, with a placeholder
 * string for each argument; each query parameter that is a placeholder takes that argument.
 */
export function preparedQuery<DB, Args extends unknown[], Row>(
  db: Kysely<DB>,
  build: (...values: Args) => Compilable<Row>,
): (...args: Args) => Promise<Row[]> {
  let template: { compiled: CompiledQuery<Row>; slots: (number | undefined)[] } | undefined;
  return async (...args) => {
    if (!template) {
      const placeholders = Array.from({ length: build.length }, (_, index) => placeholder(index));
      const compiled = build(...(placeholders as Args)).compile();
      const slots = compiled.parameters.map((value) => {
        const slot = placeholders.indexOf(value as string);
        return slot === -1 ? undefined : slot;
      });
      if (placeholders.some((_, index) => !slots.includes(index)))
        throw new Error(`preparedQuery: an argument is not a parameter of ${compiled.sql}`);
      template = { compiled, slots };
    }
    const { compiled, slots } = template;
    const parameters = compiled.parameters.map((value, index) => {
      const slot = slots[index];
      return slot === undefined ? value : args[slot];
    });
    return (await db.executeQuery<Row>({ ...compiled, parameters })).rows;
  };
}
