import type { UserInfo } from "@hcoins/domain/api/profile";
import { zodResolver } from "@hookform/resolvers/zod";
import { act, fireEvent, render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { FormProvider, useForm, useFormContext } from "react-hook-form";
import { describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { CheckboxField } from "./form-fields.tsx";
import {
  emptyProfileValues,
  ProfileFields,
  type ProfileFieldsProps,
  type ProfileFormValues,
  profileFieldsShape,
  profileSaveBody,
  profileValuesFromUser,
  useValidateChoiceSoon,
} from "./profile-fields.tsx";

const user: UserInfo = {
  id: 7,
  member_no: "M000007",
  title: 3,
  name: "Chan Tai Man",
  first_name: "Tai Man",
  last_name: "Chan",
  email: "tm@example.com",
  mobile_phone: "91234567",
  mobile_phone_prefix: "852",
  gender: null,
  birthday_month: 7,
  custom_fields: { age_range: "26 - 35", residential_country_region: "3005", residential_district: "5046" },
  referral_code: null,
  sms_subscription: 1,
  email_subscription: 0,
  do_not_call: 0,
  register_store_code: null,
  external_customer_id: null,
  has_password: true,
  profile_completed: false,
};

function Harness({
  defaults,
  onSave,
  genderRequired = true,
  ...props
}: ProfileFieldsProps & {
  defaults: ProfileFormValues;
  onSave: (values: unknown) => void;
  genderRequired?: boolean;
}) {
  const form = useForm<ProfileFormValues>({
    defaultValues: defaults,
    resolver: zodResolver(z.object(profileFieldsShape({ genderRequired }))) as never,
  });
  return (
    <FormProvider {...form}>
      <form onSubmit={form.handleSubmit((values) => onSave(profileSaveBody(values)))} noValidate>
        <ProfileFields {...props} />
        <button type="submit">Save</button>
      </form>
    </FormProvider>
  );
}

function ConsentBox() {
  const validateSoon = useValidateChoiceSoon<{ terms: boolean }>();
  const { register, formState } = useFormContext<{ terms: boolean }>();
  return (
    <CheckboxField
      label="I agree"
      error={formState.errors.terms}
      {...register("terms", { onChange: () => validateSoon("terms") })}
    />
  );
}

function ConsentHarness() {
  const form = useForm<{ terms: boolean }>({
    defaultValues: { terms: false },
    resolver: zodResolver(z.object({ terms: z.literal(true, { error: "required" }) })) as never,
  });
  return (
    <FormProvider {...form}>
      <ConsentBox />
    </FormProvider>
  );
}

describe("ProfileFields", () => {
  it("maps user info to controls: gender null → none chosen, contact ticked when stored 0", () => {
    render(<Harness defaults={profileValuesFromUser(user)} onSave={() => {}} />);
    expect(screen.getByRole("radio", { name: "Ms" })).toBeChecked();
    expect(screen.getByRole("radio", { name: "Male" })).not.toBeChecked();
    expect(screen.getByRole("radio", { name: "Female" })).not.toBeChecked();
    expect(screen.getByLabelText("Birth month")).toHaveValue("7");
    expect(screen.getByLabelText("District")).toHaveValue("5046");
    expect(screen.getByRole("checkbox", { name: "Email" })).toBeChecked();
    expect(screen.getByRole("checkbox", { name: "SMS" })).not.toBeChecked();
    expect(screen.getByRole("checkbox", { name: "Phone" })).toBeChecked();
  });

  it("keeps the district disabled until a region is chosen and clears it when the region changes", async () => {
    const person = userEvent.setup();
    render(<Harness defaults={emptyProfileValues()} onSave={() => {}} />);
    const district = screen.getByLabelText("District");
    expect(district).toBeDisabled();
    await person.selectOptions(screen.getByLabelText("Country / region of residence"), "3001");
    expect(district).toBeEnabled();
    expect(
      screen.getAllByRole("option", { name: /Wan Chai|Eastern|Southern|Central and Western/ }),
    ).toHaveLength(4);
    await person.selectOptions(district, "5002");
    expect(district).toHaveValue("5002");
    await person.selectOptions(screen.getByLabelText("Country / region of residence"), "3005");
    expect(district).toHaveValue("");
    // A region with one district of its own gets it at once.
    await person.selectOptions(screen.getByLabelText("Country / region of residence"), "3003");
    expect(district).toHaveValue("3003");
  });

  it("shows the first failing rule per field and submits numbers with inverted contact flags", async () => {
    const person = userEvent.setup();
    const onSave = vi.fn();
    render(<Harness defaults={{ ...emptyProfileValues(), gender: "" }} onSave={onSave} />);
    await person.click(screen.getByRole("button", { name: "Save" }));
    expect(await screen.findByText("Please enter your first name")).toBeInTheDocument();
    expect(screen.getByText("*Required")).toBeInTheDocument();
    expect(screen.getByText("Please select your birth month")).toBeInTheDocument();
    expect(screen.getByText("Please select your district")).toBeInTheDocument();
    expect(onSave).not.toHaveBeenCalled();

    await person.type(screen.getByLabelText("First name"), " Tai Man ");
    await person.type(screen.getByLabelText("Last name"), "Chan");
    await person.click(screen.getByRole("radio", { name: "Female" }));
    await person.selectOptions(screen.getByLabelText("Birth month"), "12");
    await person.selectOptions(screen.getByLabelText("Age range"), "56 or above");
    await person.selectOptions(screen.getByLabelText("Country / region of residence"), "3006");
    await person.selectOptions(screen.getByLabelText("District"), "5061");
    await person.click(screen.getByRole("checkbox", { name: "SMS" }));
    await person.click(screen.getByRole("button", { name: "Save" }));
    await waitFor(() => expect(onSave).toHaveBeenCalled());
    expect(onSave.mock.calls[0]?.[0]).toEqual({
      title: 1,
      name: null,
      first_name: "Tai Man",
      last_name: "Chan",
      gender: 2,
      birthday_month: 12,
      age_range__c: "56 or above",
      residential_country_region__c: "3006",
      residential_district__c: "5061",
      email_subscription: 1,
      sms_subscription: 0,
      do_not_call: 1,
    });
  });

  it("validates a checkbox 10 ms after it changes, before any submit", async () => {
    vi.useFakeTimers();
    try {
      render(<ConsentHarness />);
      const box = screen.getByRole("checkbox", { name: "I agree" });
      fireEvent.click(box);
      fireEvent.click(box);
      await act(async () => {
        await vi.advanceTimersByTimeAsync(9);
      });
      expect(screen.queryByText("*Required")).toBeNull();
      await act(async () => {
        await vi.advanceTimersByTimeAsync(1);
      });
      expect(screen.getByText("*Required")).toBeInTheDocument();
    } finally {
      vi.useRealTimers();
    }
  });

  it("lets gender stay empty on edit (null) and locks a stored birth month", async () => {
    const person = userEvent.setup();
    const onSave = vi.fn();
    render(
      <Harness
        defaults={profileValuesFromUser(user)}
        onSave={onSave}
        genderRequired={false}
        genderOptional
        birthMonthLocked
      />,
    );
    expect(screen.getByLabelText("Birth month")).toBeDisabled();
    expect(screen.getByText("Your birth month cannot be changed once set")).toBeInTheDocument();
    await person.click(screen.getByRole("button", { name: "Save" }));
    await waitFor(() => expect(onSave).toHaveBeenCalled());
    expect(onSave.mock.calls[0]?.[0]).toMatchObject({ gender: null, birthday_month: 7, title: 3 });
  });

  it("hides pieces on request", () => {
    render(<Harness defaults={emptyProfileValues()} onSave={() => {}} hide={["contact", "name"]} />);
    expect(screen.queryByRole("checkbox", { name: "Email" })).toBeNull();
    expect(screen.queryByLabelText(/Full name/)).toBeNull();
    expect(screen.getByLabelText("First name")).toBeInTheDocument();
  });
});
