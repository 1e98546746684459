// Two copies of one @wordpress/* package (or of React) crash the block editor at run time ("Store core/block-editor
// is already registered"), and npm installs a second copy silently when one package's range drifts. The lockfile
// is what `npm ci` installs, so it is what we check.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, it } from 'node:test';

const lock = JSON.parse(readFileSync(new URL('../../../package-lock.json', import.meta.url), 'utf8')) as {
  packages: Record<string, { version?: string }>;
};

/** Package name -> the install paths that hold a copy of it. */
function copiesOf(pattern: RegExp): Map<string, string[]> {
  const copies = new Map<string, string[]>();
  for (const installPath of Object.keys(lock.packages)) {
    const at = installPath.lastIndexOf('node_modules/');
    if (at < 0) continue;
    const name = installPath.slice(at + 'node_modules/'.length);
    if (!pattern.test(name)) continue;
    copies.set(name, [...(copies.get(name) ?? []), `${installPath}@${lock.packages[installPath]!.version}`]);
  }
  return copies;
}

describe('the admin editor packages', () => {
  it('install one copy of every @wordpress/* package, React and react-dom', () => {
    const copies = copiesOf(/^(@wordpress\/[^/]+|react|react-dom)$/);
    assert.ok(copies.has('@wordpress/block-editor'), 'the block editor is installed');
    const twice = [...copies]
      .filter(([, paths]) => paths.length > 1)
      .map(([name, paths]) => `${name}: ${paths.join(', ')}`);
    assert.deepEqual(twice, [], 'upgrade all @wordpress/* packages together and pin them (see package.json overrides)');
  });
});
