/**
 * The Node options a serving process runs with (the `vitrine` command's first line and `npm start` say the same, which
 * test/server/cli/server-flags.test.ts checks).
 *
 * `--no-memory-reducer`: after about ten seconds without requests V8 shrinks the heap, and its limit, to what is live.
 * The first few hundred requests after every quiet spell then ran a third to a half slower, the old generation
 * collected every half second as the product cache turned over, until the limit grew back. A shop keeps the memory
 * it needed at its busiest instead: a heap of about 130 MB at 100,000 products, which the reducer brought to 50.
 *
 * `--min-semi-space-size=16`: the young generation, where each answer's strings and objects are made, is kept at the
 * 16 MB (per half) that a busy server grows it to. V8 shrinks it to 1 MB when the allocation rate falls, as it does in
 * any quiet spell, the memory reducer or not: the first requests after one were then collected every megabyte,
 * every request or two, promoting what requests in flight held to the old generation, which was then collected
 * every half second. It costs the server about 30 MB while idle.
 */
export const SERVER_NODE_FLAGS = ['--no-memory-reducer', '--min-semi-space-size=16'];
