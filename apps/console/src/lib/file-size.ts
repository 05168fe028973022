/** A file size for a limit's message: megabytes (MiB, as MEDIA_MAX_BYTES counts) with at most one decimal. */
export function formatMegabytes(bytes: number): string {
  const megabytes = Math.round((bytes / (1024 * 1024)) * 10) / 10;
  return `${megabytes} MB`;
}
