/** A form's failure in words, read out when it appears. */
export function FormAlert({ message }: { message: string | null }) {
  return message ? (
    <p className="alert" role="alert">
      {message}
    </p>
  ) : null;
}
