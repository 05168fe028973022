import { useTranslation } from "../lib/i18n.ts";

interface ButtonProps extends React.ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: "primary" | "secondary" | "link";
  loading?: boolean;
}

/** The app's button: orange primary, outlined secondary; while loading it is busy and cannot be pressed twice. */
export function Button({
  variant = "primary",
  loading = false,
  disabled,
  children,
  type = "button",
  ...rest
}: ButtonProps) {
  const { t } = useTranslation("common");
  return (
    <button
      type={type}
      className={`button button-${variant}`}
      disabled={disabled || loading}
      aria-busy={loading || undefined}
      {...rest}
    >
      {loading && <span className="spinner" role="status" aria-label={t("loading")} />}
      {children}
    </button>
  );
}

/** A form's closing row: its full-width primary submit button. */
export function SubmitActions({ loading, children }: { loading: boolean; children: React.ReactNode }) {
  return (
    <div className="actions">
      <Button type="submit" className="button button-primary button-block" loading={loading}>
        {children}
      </Button>
    </div>
  );
}
