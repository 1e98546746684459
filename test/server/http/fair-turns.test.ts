// Requests take turns on the event loop (server/http/fair-turns.ts): shoppers opening connections while a crowd
// keeps the server busy are answered in about the time of the requests ahead of them, not after every busy
// connection has been served many times over.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, it } from 'node:test';
import Koa from 'koa';
import { fairTurn, fairTurnsMiddleware } from '../../../server/http/fair-turns.js';

/** CPU each request burns, as a never-asked filter answer does. */
const WORK_MS = 2;
const BUSY_CONNECTIONS = 30;
const NEWCOMERS = 20;

/** A server whose every request burns WORK_MS; `crowdServed` counts the answers to kept-alive connections. */
function busyServer(): Promise<{ server: Server; crowdServed: () => number }> {
  const app = new Koa();
  let crowdServed = 0;
  app.use(fairTurnsMiddleware());
  app.use((ctx) => {
    const started = performance.now();
    while (performance.now() - started < WORK_MS);
    ctx.body = 'ok';
    if (ctx.get('connection') !== 'close') crowdServed++;
  });
  const server = createServer(app.callback());
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => resolve({ server, crowdServed: () => crowdServed })),
  );
}

/** A crowd in a process of its own: `connections` keep-alive loops, each asking again as soon as it is answered. */
function crowd(url: string, connections: number, seconds: number) {
  const script = `
    const until = performance.now() + ${seconds * 1000};
    let answered = 0;
    Promise.all(Array.from({ length: ${connections} }, async () => {
      while (performance.now() < until) { await (await fetch(${JSON.stringify(url)})).text(); answered++; }
    })).then(() => console.log(answered));`;
  const child = spawn(process.execPath, ['-e', script], { stdio: ['ignore', 'pipe', 'inherit'] });
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  return new Promise<number>((resolve) => child.on('exit', () => resolve(Number(output.trim()))));
}

describe('requests taking turns', () => {
  it('lets a request on a quiet server start at once, and later arrivals one per turn in their order', async () => {
    assert.equal(fairTurn(), undefined, 'a quiet server starts the request in the same turn');
    const started: string[] = [];
    let turns = 0;
    const countTurns = () => {
      turns++;
      if (turns < 10) setImmediate(countTurns);
    };
    setImmediate(countTurns);
    const arrivals = ['second', 'third', 'fourth'].map((name) =>
      fairTurn()!.then(() => started.push(`${name} in turn ${turns}`)),
    );
    await Promise.all(arrivals);
    // The second goes at the end of the turn the first started in, each of the others a turn later.
    assert.deepEqual(started, ['second in turn 0', 'third in turn 1', 'fourth in turn 2']);
  });

  it(`answers ${NEWCOMERS} new connections within a second while ${BUSY_CONNECTIONS} others keep the server busy`, async () => {
    const { server, crowdServed } = await busyServer();
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
    try {
      const crowdDone = crowd(url, BUSY_CONNECTIONS, 3);
      // The crowd at work first (its process may take a while to start on a loaded machine): every one of its
      // connections answered a few times, one after another, as fast as the server can.
      while (crowdServed() < BUSY_CONNECTIONS * 3) await new Promise((resolve) => setTimeout(resolve, 20));
      const servedBefore = crowdServed();
      const newcomers = await Promise.all(
        Array.from({ length: NEWCOMERS }, async () => {
          const sent = performance.now();
          const response = await fetch(url, { headers: { connection: 'close' } });
          await response.text();
          return performance.now() - sent;
        }),
      );
      const servedMeanwhile = crowdServed() - servedBefore;
      await crowdDone;
      assert.ok(servedMeanwhile > 0, 'the crowd kept the server busy while the newcomers waited');
      const slowest = Math.max(...newcomers);
      assert.ok(
        slowest < 1000,
        `every newcomer is answered within a second; the slowest waited ${Math.round(slowest)} ms ` +
          `(${newcomers.map(Math.round).join(', ')})`,
      );
    } finally {
      server.close();
      server.closeAllConnections();
    }
  });
});
