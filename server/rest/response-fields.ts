/**
 * WordPress's `_fields` parameter: `?_fields=id,name,meta.color` answers only those fields of a JSON object (of each
 * item of a list), nested fields named by dots, as WordPress does for every REST route. Integrators use it to fetch a
 * catalog's ids and prices without descriptions. Fields that do not exist are left out without an error, as in
 * WordPress; errors are answered whole.
 */

/** The most fields one request names, and the deepest path: a query string is the caller's to write. */
const MAX_FIELDS = 100;
const MAX_DEPTH = 8;

/** A tree of the fields asked: a leaf (`true`) keeps the whole value under it. */
type FieldTree = { [name: string]: FieldTree | true };

/**
 * The fields a request asks for, as a tree; null when it names none (the whole answer is sent).
 *
 * @example fieldTree('id,meta.color') // {id: true, meta: {color: true}}
 */
export function fieldTree(asked: string | string[] | undefined): FieldTree | null {
  if (asked === undefined) return null;
  const paths = (Array.isArray(asked) ? asked : [asked])
    .flatMap((list) => list.split(','))
    .map((path) => path.trim())
    .filter(Boolean)
    .slice(0, MAX_FIELDS);
  if (paths.length === 0) return null;
  const tree: FieldTree = Object.create(null);
  for (const path of paths) {
    const names = path.split('.').slice(0, MAX_DEPTH);
    let node = tree;
    for (const [at, name] of names.entries()) {
      const last = at === names.length - 1;
      const below = node[name];
      // A field asked whole keeps everything under it, whatever else names a part of it.
      if (below === true) break;
      if (last) node[name] = true;
      else node = node[name] = below ?? Object.create(null);
    }
  }
  return tree;
}

/** `data` with only the fields of `tree`: per item of a list, per field of an object; any other value as it is. */
export function withFields(data: unknown, tree: FieldTree): unknown {
  if (Array.isArray(data)) return data.map((item) => withFields(item, tree));
  if (data === null || typeof data !== 'object') return data;
  // Made from entries: a field named `__proto__` stays a field, where assigning it would set the prototype.
  return Object.fromEntries(
    Object.entries(data).flatMap(([name, value]) => {
      if (!Object.hasOwn(tree, name)) return [];
      const below = tree[name]!;
      return [[name, below === true ? value : withFields(value, below)]];
    }),
  );
}
