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

function busyServer(): Promise<Server> {
  const app = new Koa();
  app.use(fairTurnsMiddleware());
  app.use((ctx) => {
    const started = performance.now();
    while (performance.now() - started < WORK_MS);
    ctx.body = 'ok';
  });
  const server = createServer(app.callback());
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
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
    const server = await busyServer();
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
    try {
      const crowdDone = crowd(url, BUSY_CONNECTIONS, 3);
      // The crowd is at work: its connections are answered, one after another, as fast as the server can.
      await new Promise((resolve) => setTimeout(resolve, 1000));
      const newcomers = await Promise.all(
        Array.from({ length: NEWCOMERS }, async () => {
          const sent = performance.now();
          const response = await fetch(url, { headers: { connection: 'close' } });
          await response.text();
          return performance.now() - sent;
        }),
      );
      const answeredToCrowd = await crowdDone;
      assert.ok(answeredToCrowd > BUSY_CONNECTIONS * 10, `the crowd kept the server busy (${answeredToCrowd} answers)`);
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
