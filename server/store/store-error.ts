import { ConflictError, NotFoundError } from '../errors/domain-errors.js';

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

/** A write that would break a uniqueness rule, e.g. a second user with the same login. */
export class StoreConflictError extends ConflictError {
  constructor(
    /** The field whose value is taken, e.g. `login`. */
    readonly field: string,
    message: string,
  ) {
    super(message);
  }
}

/** A write that names a record that does not exist. */
export class StoreNotFoundError extends NotFoundError {}
