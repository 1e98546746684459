import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { Hooks } from '../../../server/hooks/hooks.js';
import { ServiceContainer } from '../../../server/extensions/container.js';

describe('Hooks.applyFilters', () => {
  it('runs filters by ascending priority, then in the order they were added, passing extra arguments', () => {
    const hooks = new Hooks();
    hooks.addFilter('name', (value: string, suffix: string) => `${value}b${suffix}`);
    hooks.addFilter('name', (value: string) => `${value}a`, 5);
    hooks.addFilter('name', (value: string) => `${value}c`);
    assert.equal(hooks.applyFilters('name', '', '!'), 'ab!c');
  });

  it('returns the value unchanged when no filter is registered, and stops calling a removed one', () => {
    const hooks = new Hooks();
    assert.deepEqual(hooks.applyFilters('none', { a: 1 }), { a: 1 });
    const remove = hooks.addFilter('count', (n: number) => n + 1);
    assert.equal(hooks.applyFilters('count', 1), 2);
    remove();
    assert.equal(hooks.applyFilters('count', 1), 1);
  });

  it('refuses a callback that is not a function, naming the hook', () => {
    assert.throws(() => new Hooks().addFilter('x', 'nope' as never), /hook "x"/);
  });
});

describe('Hooks.doAction', () => {
  it('awaits each action in priority order', async () => {
    const hooks = new Hooks();
    const order: string[] = [];
    hooks.addAction('go', async () => {
      await new Promise((resolve) => setTimeout(resolve, 5));
      order.push('slow, priority 10');
    });
    hooks.addAction('go', () => void order.push('priority 1'), 1);
    await hooks.doAction('go');
    assert.deepEqual(order, ['priority 1', 'slow, priority 10']);
  });
});

describe('ServiceContainer', () => {
  it('returns what was registered and names the known services when asked for a missing one', () => {
    const container = new ServiceContainer();
    container.set('engine', { id: 1 });
    assert.deepEqual(container.get('engine'), { id: 1 });
    assert.throws(() => container.get('missing'), /No service named "missing".*engine/);
  });
});
