/**
 * Filters and actions in the WordPress manner: callbacks run in ascending priority (default 10), and in the order
 * they were added within one priority. A filter callback must return the (possibly changed) value.
 */

// biome-ignore lint/suspicious/noExplicitAny: hooks carry any value an extension passes, as WordPress's do
type FilterCallback = (value: any, ...args: any[]) => any;
// biome-ignore lint/suspicious/noExplicitAny: hooks carry any value an extension passes, as WordPress's do
type ActionCallback = (...args: any[]) => void | Promise<void>;

interface Registration<T> {
  callback: T;
  priority: number;
  sequence: number;
}

export class Hooks {
  private readonly filters = new Map<string, Registration<FilterCallback>[]>();
  private readonly actions = new Map<string, Registration<ActionCallback>[]>();
  private sequence = 0;

  /**
   * @example hooks.addFilter('compliance/rest/settings_response', (response, request) => ({ ...response, extra: 1 }));
   * @returns a function that removes the filter again
   */
  addFilter(name: string, callback: FilterCallback, priority = 10): () => void {
    return this.add(this.filters, name, callback, priority);
  }

  /** Passes `value` through every filter of `name`; extra arguments reach each callback unchanged. */
  applyFilters<T>(name: string, value: T, ...args: unknown[]): T {
    let result = value;
    for (const { callback } of this.filters.get(name) ?? []) result = callback(result, ...args);
    return result;
  }

  /** Like applyFilters, for filters that may return a promise (e.g. one that verifies a password). */
  async applyFiltersAsync<T>(name: string, value: T, ...args: unknown[]): Promise<T> {
    let result = value;
    for (const { callback } of this.filters.get(name) ?? []) result = await callback(result, ...args);
    return result;
  }

  addAction(name: string, callback: ActionCallback, priority = 10): () => void {
    return this.add(this.actions, name, callback, priority);
  }

  /** Runs every action of `name` in turn, awaiting each, so that an extension's async setup finishes in order. */
  async doAction(name: string, ...args: unknown[]): Promise<void> {
    for (const { callback } of this.actions.get(name) ?? []) await callback(...args);
  }

  hasFilter(name: string): boolean {
    return (this.filters.get(name)?.length ?? 0) > 0;
  }

  private add<T>(registry: Map<string, Registration<T>[]>, name: string, callback: T, priority: number): () => void {
    if (typeof callback !== 'function') throw new TypeError(`The callback for the hook "${name}" must be a function.`);
    const list = registry.get(name) ?? [];
    const registration = { callback, priority, sequence: this.sequence++ };
    list.push(registration);
    list.sort((a, b) => a.priority - b.priority || a.sequence - b.sequence);
    registry.set(name, list);
    return () => {
      const index = list.indexOf(registration);
      if (index >= 0) list.splice(index, 1);
    };
  }
}
