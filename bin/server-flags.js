/**
 * The Node options a serving process runs with (the `vitrine` command's first line and `npm start` say the same).
 *
 * `--no-memory-reducer`: after about ten seconds without requests V8 shrinks the heap, and its limit, to what is live.
 * The first few hundred requests after every quiet spell then ran a third to a half slower, the old generation
 * collected every half second as the product cache turned over, until the limit grew back. A shop keeps the memory
 * it needed at its busiest instead: a heap of about 130 MB at 100,000 products, which the reducer brought to 50.
 */
export const SERVER_NODE_FLAGS = ['--no-memory-reducer'];
