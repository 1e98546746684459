// The analyzer's programmatic entry and its Lit plugins, which its own index.d.ts does not declare.
declare module '@custom-elements-manifest/analyzer' {
  /** The TypeScript (5.x) the analyzer is built on; the project's own compiler is another major version. */
  export const ts: {
    createSourceFile(fileName: string, text: string, target: number, setParentNodes: boolean): unknown;
    ScriptTarget: { ES2022: number };
  };
  export function create(options: {
    modules: unknown[];
    plugins?: unknown[];
    context?: Record<string, unknown>;
  }): unknown;
}
declare module '@custom-elements-manifest/analyzer/src/features/framework-plugins/lit/lit.js' {
  export function litPlugin(): unknown[];
}
