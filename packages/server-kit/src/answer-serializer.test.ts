import { describe, expect, it } from "vitest";
import { z } from "zod";
import { AnswerMismatchError, answerSerializerCompiler } from "./answer-serializer.ts";

const answer = z.object({
  code: z.literal(200),
  payload: z.object({
    id: z.number().int(),
    name: z.string().nullable(),
    month: z.number().int().nullable(),
    kind: z.enum(["a", "b"]).nullable(),
    tags: z.array(z.string()),
  }),
});

const compile = (checkAnswers: boolean) =>
  answerSerializerCompiler({ checkAnswers })({ schema: answer, method: "GET", url: "/x", httpStatus: "200" });

const good = { code: 200, payload: { id: 1, name: null, month: 7, kind: null, tags: ["t"] } };

describe("answerSerializerCompiler", () => {
  it("writes what JSON.stringify would for an answer that matches, nulls included", () => {
    for (const checkAnswers of [false, true]) {
      expect(JSON.parse(compile(checkAnswers)(good))).toEqual(good);
      const filled = { code: 200, payload: { id: 2, name: "Chan", month: null, kind: "b", tags: [] } };
      expect(JSON.parse(compile(checkAnswers)(filled))).toEqual(filled);
    }
  });

  it("writes only the schema's fields: a field a handler adds by mistake never leaks", () => {
    const leaky = { ...good, payload: { ...good.payload, password_hash: "$argon2id$..." } };
    expect(compile(false)(leaky)).not.toContain("password_hash");
  });

  it("refuses an answer off its schema when answers are checked (the tests), naming the route", () => {
    const wrong = { code: 200, payload: { ...good.payload, month: "07" } };
    expect(() => compile(true)(wrong)).toThrow(AnswerMismatchError);
    expect(() => compile(true)(wrong)).toThrow(/GET \/x answered off its schema/);
    const missing = { code: 200, payload: { id: 1 } };
    expect(() => compile(true)(missing)).toThrow(AnswerMismatchError);
  });
});
