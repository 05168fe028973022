import type { Preferences } from "@hcoins/domain/api/subscriptions";
import { subscriptionPreferencesSchema, UNSUBSCRIBE_OTHER_MAX_LENGTH } from "@hcoins/domain/payloads";
import { OTHER_UNSUBSCRIBE_REASON_ID, UNSUBSCRIBE_REASONS } from "@hcoins/domain/profile-options";
import { useQuery } from "@tanstack/react-query";
import { useId } from "react";
import { useForm } from "react-hook-form";
import {
  Link,
  type LoaderFunctionArgs,
  Navigate,
  useLocation,
  useNavigate,
  useSearchParams,
} from "react-router";
import { ApiError } from "../../api/client.ts";
import { errorMessage } from "../../api/error-message.ts";
import { preferencesQuery, useSavePreferences } from "../../api/subscriptions.ts";
import { Button } from "../../components/button.tsx";
import { ConsentStatements } from "../../components/consent-statements.tsx";
import { Choice, ChoiceGroup, TextAreaField } from "../../components/form-fields.tsx";
import { PageFrame } from "../../components/page-frame.tsx";
import { currentLanguage, useTranslation } from "../../lib/i18n.ts";
import { paths } from "../../lib/paths.ts";
import { queryClient } from "../../lib/query-client.ts";
import { session, useToken } from "../../lib/session.ts";
import { waitForData } from "../../lib/wait-for-data.ts";

/** An unsubscribe link's token, or null for the session's member. */
const linkTokenOf = (search: URLSearchParams) => search.get("token") || null;

/**
 * The route's loader: the stored preferences, asked for afresh on every visit (they change
 * with a profile save too). Without a session or a link the screen sends the visitor to log in.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const linkToken = linkTokenOf(new URL(request.url).searchParams);
  if (linkToken === null && session.getToken() === null) return;
  await waitForData(queryClient.fetchQuery({ ...preferencesQuery(linkToken), staleTime: 0 }));
}

interface PreferencesValues {
  contact_email: boolean;
  contact_sms: boolean;
  contact_phone: boolean;
  /** Reason ids as the checkboxes hold them. */
  reasons: string[];
  /** The member's words beside "Other" (dropped with its box). */
  other?: string;
}

const OTHER = String(OTHER_UNSUBSCRIBE_REASON_ID);

/** The domain's rule for the words beside "Other" (length, control characters): the server's own. */
function otherWordsRule(words: string | undefined): string | true {
  const checked = subscriptionPreferencesSchema.shape.unsubscribe_reason_other.safeParse(words ?? "");
  return checked.success || (checked.error.issues[0]?.message ?? "invalid");
}

/** Every channel opted out as stored: a member who never subscribed, or left before (not one leaving now). */
const notSubscribed = (stored: Preferences) =>
  stored.email_subscription === 1 && stored.sms_subscription === 1 && stored.do_not_call === 1;

const valuesOf = (stored: Preferences): PreferencesValues => ({
  contact_email: stored.email_subscription === 0,
  contact_sms: stored.sms_subscription === 0,
  contact_phone: stored.do_not_call === 0,
  reasons: stored.unsubscribe_reasons.map(String),
  other: stored.unsubscribe_reason_other,
});

/**
 * /subscription-preferences: the member (session) or the holder of an unsubscribe link
 * (`?token=`) chooses the channels. A ticked box = reachable (stored 0). Only when every
 * channel is unticked are the reasons asked; saving needs a ticked channel or a reason.
 */
export function Component() {
  const { t } = useTranslation(["subscription", "common"]);
  const [search] = useSearchParams();
  const location = useLocation();
  const token = useToken();
  const linkToken = linkTokenOf(search);
  const allowed = linkToken !== null || token !== null;
  const stored = useQuery({ ...preferencesQuery(linkToken), enabled: allowed });

  if (!allowed) {
    const target = `${paths.login}?redirect=${encodeURIComponent(location.pathname + location.search)}`;
    return <Navigate to={target} replace />;
  }
  return (
    <PageFrame title={t("subscription:titles.subscription")}>
      {stored.data ? (
        <PreferencesForm stored={stored.data} linkToken={linkToken} />
      ) : stored.isPending ? (
        <p className="muted" role="status">
          {t("common:loading")}
        </p>
      ) : linkToken && stored.error instanceof ApiError && stored.error.status === 401 ? (
        // An expired or altered link: the member can still get there by logging in.
        <>
          <p role="alert">{t("subscription:linkInvalid")}</p>
          <Link
            className="button button-primary button-block"
            to={`${paths.login}?redirect=${encodeURIComponent(paths.subscription)}`}
          >
            {t("common:login")}
          </Link>
        </>
      ) : (
        <p role="alert">{errorMessage(stored.error)}</p>
      )}
    </PageFrame>
  );
}

function PreferencesForm({ stored, linkToken }: { stored: Preferences; linkToken: string | null }) {
  const { t } = useTranslation(["subscription", "common"]);
  const navigate = useNavigate();
  const save = useSavePreferences(linkToken, {
    onSuccess: () => navigate(paths.subscriptionSuccess, { replace: true }),
  });
  const {
    register,
    handleSubmit,
    watch,
    setValue,
    formState: { errors },
  } = useForm<PreferencesValues>({
    defaultValues: valuesOf(stored),
  });
  const [email, sms, phone, reasons] = watch(["contact_email", "contact_sms", "contact_phone", "reasons"]);
  const allUnticked = !email && !sms && !phone;
  // "Sorry to see you go" is for a member leaving now; one who was not subscribed is not going anywhere.
  const wasOut = notSubscribed(stored);
  const language = currentLanguage();
  const statementsId = useId();

  // Ticking a channel again takes the member off the unsubscribe path: the reasons go with it.
  const contact = (name: "contact_email" | "contact_sms" | "contact_phone") =>
    register(name, {
      onChange: (event: React.ChangeEvent<HTMLInputElement>) => {
        if (event.target.checked) setValue("reasons", []);
      },
    });

  const submit = (values: PreferencesValues) => {
    const ticked = values.contact_email || values.contact_sms || values.contact_phone;
    const chosen = ticked ? [] : (values.reasons ?? []).map(Number).sort((a, b) => a - b);
    // The spec: submitting changes nothing unless a channel or a reason is ticked.
    if (!ticked && chosen.length === 0) return;
    save.mutate({
      email_subscription: values.contact_email ? 0 : 1,
      sms_subscription: values.contact_sms ? 0 : 1,
      do_not_call: values.contact_phone ? 0 : 1,
      unsubscribe_reasons: chosen,
      unsubscribe_reason_other: chosen.includes(OTHER_UNSUBSCRIBE_REASON_ID)
        ? (values.other ?? "").trim()
        : "",
    });
  };

  return (
    <form className="card subscription-form" noValidate onSubmit={handleSubmit(submit)}>
      <p className="page-intro">{t(wasOut ? "introNotSubscribed" : "intro")}</p>
      <ChoiceGroup legend={t("contactLegend")} describedBy={statementsId}>
        <Choice type="checkbox" label={t("email")} {...contact("contact_email")} />
        <Choice type="checkbox" label={t("sms")} {...contact("contact_sms")} />
        <Choice type="checkbox" label={t("phone")} {...contact("contact_phone")} />
      </ChoiceGroup>
      {/* Ticking a box here is consent too: given under the same statements as everywhere. */}
      <ConsentStatements id={statementsId} />
      {allUnticked && (
        <div className="subscription-reasons">
          <ChoiceGroup legend={t(wasOut ? "reasonsLegendNotSubscribed" : "reasonsLegend")}>
            {UNSUBSCRIBE_REASONS.map((reason) => (
              <Choice
                key={reason.id}
                type="checkbox"
                value={String(reason.id)}
                label={reason.label[language]}
                {...register("reasons")}
              />
            ))}
          </ChoiceGroup>
          {(reasons ?? []).includes(OTHER) && (
            <TextAreaField
              label={t("otherLabel")}
              hint={t("otherHint", { max: UNSUBSCRIBE_OTHER_MAX_LENGTH })}
              rows={3}
              error={errors.other}
              {...register("other", { validate: otherWordsRule, shouldUnregister: true })}
            />
          )}
        </div>
      )}
      <div className="actions">
        <Button
          type="submit"
          className="button button-primary button-block"
          loading={save.isPending}
          aria-disabled={allUnticked && (reasons ?? []).length === 0 ? true : undefined}
        >
          {t("save")}
        </Button>
      </div>
    </form>
  );
}
