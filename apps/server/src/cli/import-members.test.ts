import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { tablesOf } from "../testing/tables.ts";
import { createTestApp, type TestApp } from "../testing/test-app.ts";
import { CliError } from "./command.ts";
import { importMembers } from "./import-members.ts";

const HEADER =
  "mobile_phone_prefix,mobile_phone,member_no,first_name,last_name,email,birthday_month,register_store_code,external_customer_id";

describe("import-members", () => {
  let t: TestApp;
  let dir: string;
  beforeEach(async () => {
    t = await createTestApp();
    dir = await mkdtemp(join(tmpdir(), "import-members-"));
  });
  afterEach(async () => {
    await t?.close();
    await rm(dir, { recursive: true, force: true });
  });

  const csv = async (...lines: string[]) => {
    const file = join(dir, "members.csv");
    await writeFile(file, `${lines.join("\n")}\n`);
    return file;
  };
  const checkPhone = async (prefix: string, phone: string) =>
    (
      await t.call("POST", "/custom-api/api/Member/CheckPhone", {
        body: { mobile_phone_prefix: prefix, mobile_phone: phone },
      })
    ).body.code;
  /** The CliError of a refused import; fails the test if the import went through. */
  const refusal = async (file: string): Promise<CliError> => {
    const error = await importMembers(t.app.services, [file]).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(CliError);
    return error as CliError;
  };

  it("imports every row; imported members answer CheckPhone 40005", async () => {
    const file = await csv(
      HEADER,
      "852,91234567,APP001,Tai Man,Chan,Chan@Example.com,7,S01,HC123",
      "86,13812345678,,,,,,,",
    );
    expect(await checkPhone("852", "91234567")).toBe(40003);

    const output = await importMembers(t.app.services, [file]);

    expect(output).toMatch(/^Imported 2 members from members\.csv\./);
    expect(await checkPhone("852", "91234567")).toBe(40005);
    expect(await checkPhone("86", "13812345678")).toBe(40005);
    const chan = await t.app.services.members.findByPhone("852", "91234567");
    expect(chan).toMatchObject({
      member_no: "APP001",
      first_name: "Tai Man",
      last_name: "Chan",
      email: "chan@example.com",
      birthday_month: 7,
      register_store_code: "S01",
      external_customer_id: "HC123",
      source: "import",
      password_hash: null,
    });
    // Empty cells are stored as null; a member number is assigned when none is given.
    const li = await t.app.services.members.findByPhone("86", "13812345678");
    expect(li).toMatchObject({
      email: null,
      first_name: null,
      birthday_month: null,
      register_store_code: null,
    });
    expect(li?.member_no).toMatch(/^M\d{11}$/);
  });

  it("accepts the columns in any order and leaves out optional ones", async () => {
    const file = await csv("mobile_phone,mobile_phone_prefix,email", "61234567,853,x@example.com");
    expect(await importMembers(t.app.services, [file])).toMatch(/^Imported 1 member from/);
    expect(await checkPhone("853", "61234567")).toBe(40005);
  });

  it("imports nothing when one row is bad, and names every bad row by line", async () => {
    const file = await csv(
      HEADER,
      "852,91234567,APP001,,,good@example.com,1,,",
      "852,9123,APP002,,,not-an-email,13,,",
      "853,61234567,APP001,,,,,,",
      "852,91234568,,,,GOOD@example.com,,,",
    );

    const error = await refusal(file);

    expect(error.message).toContain("3 bad rows; nothing was imported");
    expect(error.message).toContain('line 3: mobile_phone "9123" must be 8 digits for prefix 852');
    expect(error.message).toContain('email "not-an-email" is not a valid email address');
    expect(error.message).toContain('birthday_month "13" is not a month 1-12');
    expect(error.message).toContain('line 4: member_no "APP001" is also on line 2');
    expect(error.message).toContain('line 5: email "good@example.com" is also on line 2');
    expect(error.message).not.toContain("line 2:");
    expect(await checkPhone("852", "91234567")).toBe(40003);
    expect(await t.app.services.members.findByMemberNo("APP001")).toBeUndefined();
  });

  it("refuses numbers, member numbers and emails the database already holds", async () => {
    await importMembers(t.app.services, [await csv(HEADER, "852,91234567,APP001,,,taken@example.com,,,")]);

    const error = await refusal(
      await csv(
        HEADER,
        "852,91234567,,,,,,,",
        "852,91234568,APP001,,,,,,",
        "852,91234569,,,,Taken@Example.com,,,",
        "852,91234570,,,,,,,",
      ),
    );

    expect(error.message).toContain("line 2: mobile number +852 91234567 already belongs to member APP001");
    expect(error.message).toContain('line 3: member_no "APP001" already belongs to member APP001');
    expect(error.message).toContain('line 4: email "taken@example.com" is already taken');
    expect(await checkPhone("852", "91234570")).toBe(40003);
  });

  it("refuses member numbers of the form given to web registrations", async () => {
    const error = await refusal(await csv(HEADER, "852,91234567,M000000001,,,,,,"));
    expect(error.message).toContain(
      'line 2: member_no "M000000001" has the form the server gives web registrations',
    );
    const random = await refusal(await csv(HEADER, "852,91234567,M48151623425,,,,,,"));
    expect(random.message).toContain('line 2: member_no "M48151623425" has the form the server gives');
  });

  it("refuses a header with unknown, repeated or missing columns, naming them", async () => {
    let error = await refusal(await csv(`${HEADER},nickname`, "852,91234567,,,,,,,,Ben"));
    expect(error.message).toContain('unknown column "nickname"');
    error = await refusal(await csv("mobile_phone,mobile_phone,email", "91234567,91234568,a@example.com"));
    expect(error.message).toContain('column "mobile_phone" appears twice');
    expect(error.message).toContain('required column "mobile_phone_prefix" is missing');
    expect(await checkPhone("852", "91234567")).toBe(40003);
  });

  it("refuses rows whose cell count differs from the header, an empty file and a missing file", async () => {
    let error = await refusal(await csv(HEADER, "852,91234567", "852,91234568,,,,,,,"));
    expect(error.message).toContain("line 2: has 2 cells, the header has 9");
    expect(await checkPhone("852", "91234568")).toBe(40003);

    error = await refusal(await csv(HEADER));
    expect(error.message).toContain("no member rows");

    error = await refusal(join(dir, "missing.csv"));
    expect(error.message).toContain("missing.csv: no such file");
  });

  it("counts lines as the file shows them: CRLF, blank lines and a byte order mark", async () => {
    const file = join(dir, "windows.csv");
    await writeFile(file, `\uFEFF${HEADER}\r\n\r\n852,91234567,,,,,,,\r\n852,1,,,,,,,\r\n`);
    const error = await refusal(file);
    expect(error.message).toContain('line 4: mobile_phone "1" must be 8 digits');
    expect(error.message).not.toContain("line 3");
  });

  it("inserts the rows in one transaction: a failure on a later row rolls back the earlier ones", async () => {
    const members = t.app.services.members;
    const original = members.importMember.bind(members);
    let calls = 0;
    vi.spyOn(members, "importMember").mockImplementation(async (values, trx) => {
      calls += 1;
      if (calls === 2)
        throw Object.assign(new Error("UNIQUE constraint failed: members.email"), {
          code: "SQLITE_CONSTRAINT_UNIQUE",
        });
      return original(values, trx);
    });

    const error = await refusal(await csv(HEADER, "852,91234567,,,,,,,", "852,91234568,,,,,,,"));

    expect(calls).toBe(2);
    expect(error.message).toContain("taken while importing");
    expect(await checkPhone("852", "91234567")).toBe(40003);
  });

  /** The opt-out flags of the member holding the number, and their consent records. */
  const consentOf = async (phone: string) => {
    const member = await t.app.services.members.findByPhone("852", phone);
    const records = await tablesOf(t.app.services)
      .selectFrom("marketing_consents")
      .select(["channel", "opted_in", "statement_version", "source"])
      .where("member_id", "=", member?.id as number)
      .orderBy("id")
      .execute();
    return {
      flags: [member?.email_subscription, member?.sms_subscription, member?.do_not_call],
      records: records.map((r) => `${r.source} ${r.channel} ${r.opted_in} ${r.statement_version}`),
    };
  };

  it("opts members out of every channel when the file carries no consent, and records it", async () => {
    await importMembers(t.app.services, [await csv(HEADER, "852,91234567,,,,,,,")]);
    expect(await consentOf("91234567")).toEqual({
      flags: [1, 1, 1],
      records: ["import email 0 null", "import sms 0 null", "import phone 0 null"],
    });
  });

  it("takes the consent columns as given (yes, no or empty), with the statement the member agreed to", async () => {
    const file = await csv(
      "mobile_phone_prefix,mobile_phone,email_consent,sms_consent,phone_consent,consent_statement",
      "852,91234567,yes,no,,app-2025-03",
      "852,91234568,YES,Yes,yes,app-2024-01",
      "852,91234569,no,,,",
    );
    expect(await importMembers(t.app.services, [file])).toMatch(/^Imported 3 members/);
    expect(await consentOf("91234567")).toEqual({
      flags: [0, 1, 1],
      records: ["import email 1 app-2025-03", "import sms 0 app-2025-03", "import phone 0 app-2025-03"],
    });
    expect((await consentOf("91234568")).flags).toEqual([0, 0, 0]);
    expect((await consentOf("91234569")).flags).toEqual([1, 1, 1]);
  });

  it("refuses a consent value other than yes or no, and a yes without its statement", async () => {
    const error = await refusal(
      await csv(
        "mobile_phone_prefix,mobile_phone,email_consent,sms_consent,phone_consent,consent_statement",
        "852,91234567,maybe,,,v1",
        "852,91234568,,yes,yes,",
        "852,91234569,0,,,v1",
        `852,91234570,yes,,,${"v".repeat(33)}`,
      ),
    );
    expect(error.message).toContain("4 bad rows; nothing was imported");
    expect(error.message).toContain('line 2: email_consent "maybe" must be yes, no or empty');
    expect(error.message).toContain(
      "line 3: sms_consent, phone_consent are yes but consent_statement is empty: name the version of the statement the member agreed to",
    );
    expect(error.message).toContain('line 4: email_consent "0" must be yes, no or empty');
    expect(error.message).toContain("line 5: consent_statement is 33 characters long, at most 32");
    expect(await checkPhone("852", "91234568")).toBe(40003);
  });

  it("notes imported numbers that are blocked", async () => {
    await t.app.services.members.block("852", "91234567", "");
    const output = await importMembers(t.app.services, [await csv(HEADER, "852,91234567,,,,,,,")]);
    expect(output).toContain("line 2: +852 91234567 is blocked");
  });
});
