/** itemsjs ships no types; the benchmark uses only its constructor and search(). */
declare module 'itemsjs' {
  interface ItemsjsEngine {
    search(options: Record<string, unknown>): unknown;
  }
  export default function itemsjs(items: object[], configuration: Record<string, unknown>): ItemsjsEngine;
}
