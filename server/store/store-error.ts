/** A data file that exists but is not valid JSON of its schema. The start stops; the file is left untouched. */
export class StoreCorruptError extends Error {
  constructor(
    readonly file: string,
    cause: unknown,
  ) {
    const reason = cause instanceof Error ? cause.message : String(cause);
    super(
      `The data file ${file} cannot be read as Vitrine data (${reason}). It was left untouched: restore it from a backup, ` +
        `repair it, or move it away to start with fresh data.`,
    );
    this.name = 'StoreCorruptError';
  }
}
