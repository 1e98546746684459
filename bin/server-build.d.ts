/** The folder of a complete build of the current sources, compiled first when there is none. */
export function currentServerBuild(): Promise<string>;
/** The compiled counterpart of a source module, e.g. `server/main.ts` → `…/dist/server/<stamp>/server/main.js`. */
export function compiledModule(source: string): Promise<string>;
