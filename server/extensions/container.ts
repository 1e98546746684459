/**
 * The service container: named services that the server and extensions share. Keys are typed through the
 * `Services` interface, which modules extend by declaration merging when they add a service: the built-in ones in
 * builtin-services.ts, an extension's in its own module, the same way.
 */

/** The services registered by name; empty here, filled by declaration merging. */
// biome-ignore lint/suspicious/noEmptyInterface: modules add their services to it by declaration merging
export interface Services {}

export class ServiceContainer {
  private readonly services = new Map<string, unknown>();

  /** Registers a service; an extension may replace a built-in one by registering the same name later. */
  set<K extends keyof Services & string>(name: K, service: Services[K]): void;
  set(name: string, service: unknown): void;
  set(name: string, service: unknown): void {
    this.services.set(name, service);
  }

  get<K extends keyof Services & string>(name: K): Services[K];
  get<T>(name: string): T;
  get(name: string): unknown {
    if (!this.services.has(name)) {
      throw new Error(
        `No service named "${name}" is registered. Known services: ${[...this.services.keys()].join(', ') || 'none'}.`,
      );
    }
    return this.services.get(name);
  }

  has(name: string): boolean {
    return this.services.has(name);
  }
}
