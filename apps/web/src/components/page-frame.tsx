/** A screen's frame: its heading and content, centred, at most 1920 px wide. */
export function PageFrame({
  title,
  children,
  wide = false,
}: {
  title?: React.ReactNode;
  children: React.ReactNode;
  wide?: boolean;
}) {
  return (
    <section className={wide ? "page page-wide" : "page"}>
      {title && <h1 className="page-title">{title}</h1>}
      {children}
    </section>
  );
}
