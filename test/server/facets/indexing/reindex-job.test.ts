// Reindex runs as a job whose progress can be read; one at a time; a changed configuration queues a new one.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { BuildProgress, IndexStats } from '../../../../server/facets/engine/engine.js';
import { ReindexJobs } from '../../../../server/facets/indexing/reindex-job.js';

/** A rebuild that goes one step each time the test calls `step()`. */
function controlledRebuild() {
  const waiting: Array<() => void> = [];
  let runs = 0;
  const rebuild = async (onProgress: (progress: BuildProgress) => void): Promise<IndexStats> => {
    runs++;
    for (let done = 1; done <= 4; done++) {
      await new Promise<void>((resolve) => waiting.push(resolve));
      onProgress({ done, total: 4, step: `step ${done}` });
    }
    return { indexed: 10, facets: 2, values: 7, took_ms: 1 };
  };
  const step = async () => {
    while (!waiting.length) await new Promise((resolve) => setImmediate(resolve));
    waiting.shift()!();
    await new Promise((resolve) => setImmediate(resolve));
  };
  return { rebuild, step, runs: () => runs };
}

describe('ReindexJobs', () => {
  it('reports progress while running, then the result', async () => {
    const control = controlledRebuild();
    const jobs = new ReindexJobs(control.rebuild);
    const job = jobs.start();
    assert.deepEqual([job.status, job.progress], ['running', 0]);
    await control.step();
    assert.deepEqual([jobs.current()!.progress, jobs.current()!.step], [25, 'step 1']);
    await control.step();
    assert.equal(jobs.current()!.progress, 50);
    assert.equal(jobs.start().id, job.id, 'a second start answers the running job');
    await control.step();
    await control.step();
    await jobs.idle();
    const done = jobs.current()!;
    assert.deepEqual([done.status, done.progress, done.result?.indexed], ['done', 100, 10]);
    assert.ok(done.finished_at);
    assert.equal(control.runs(), 1);
  });

  it('with restart, queues a new job behind the running one', async () => {
    const control = controlledRebuild();
    const jobs = new ReindexJobs(control.rebuild);
    const first = jobs.start();
    await control.step();
    const second = jobs.start({ restart: true });
    assert.notEqual(second.id, first.id);
    for (let i = 0; i < 7; i++) await control.step();
    await jobs.idle();
    assert.equal(control.runs(), 2);
    assert.equal(jobs.current()!.id, second.id);
    assert.equal(jobs.current()!.status, 'done');
  });

  it('reports a failure without its internals', async () => {
    const jobs = new ReindexJobs(async () => {
      throw new Error('disk on fire at /secret/path');
    });
    const originalError = console.error;
    console.error = () => {};
    try {
      jobs.start();
      await jobs.idle();
    } finally {
      console.error = originalError;
    }
    const failed = jobs.current()!;
    assert.equal(failed.status, 'failed');
    assert.doesNotMatch(failed.error!, /secret/);
  });
});
