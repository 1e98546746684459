/**
 * Errors a caller can act on, thrown by services that know nothing of HTTP: a bad field, a missing record, a rule
 * that forbids the change. Each class names its kind; the REST layer turns them into WordPress's error shape and an
 * HTTP status in one place (`restErrorOf` in server/rest/errors.ts), the storefront's forms show the message beside
 * the field, and the command line prints it.
 */
import type { MessageRef } from '../i18n/message-ref.js';

/** Optional parts of a domain error that an API answer carries: a stable code and extra data for clients. */
export interface DomainErrorOptions {
  /** A stable machine-readable code, e.g. `compliance_invalid_group`; each API has its own default. */
  code?: string;
  /** Extra data for clients, merged into the answer's `data`. */
  data?: Record<string, unknown>;
  /** The message for a shopper, written in their language where it is shown; `message` is its English text. */
  said?: MessageRef;
}

export abstract class DomainError extends Error {
  readonly code: string | undefined;
  readonly data: Record<string, unknown>;
  readonly said: MessageRef | undefined;

  constructor(message: string, options: DomainErrorOptions = {}) {
    super(message);
    this.name = new.target.name;
    this.code = options.code;
    this.data = options.data ?? {};
    this.said = options.said;
  }
}

/**
 * One or more fields are wrong. `problems` maps each field to a sentence saying what is wrong with it, so that every
 * bad field is named at once and a form shows each reason beside its field.
 * @example throw new InvalidInputError({ title: 'The title must have 1-200 characters.' });
 */
export class InvalidInputError extends DomainError {
  constructor(
    readonly problems: Readonly<Record<string, string>>,
    options: DomainErrorOptions = {},
  ) {
    super(Object.values(problems).join(' '), options);
  }

  /** The single field named, when one is (most refusals name exactly one). */
  get field(): string | undefined {
    return Object.keys(this.problems)[0];
  }
}

/** The record the request names does not exist. */
export class NotFoundError extends DomainError {}

/** The change conflicts with the state of the shop: a value taken, a module switched off, a step out of order. */
export class ConflictError extends DomainError {}
