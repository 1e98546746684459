/**
 * Reading the part of an append-only file that a reader has not seen yet (journal, price history, nonces, mail log).
 */
import { closeSync, openSync, readSync } from 'node:fs';
import { open } from 'node:fs/promises';
import { setImmediate as nextTurn } from 'node:timers/promises';

/** Bytes read at a time by {@link readWholeLines} (more when one line is longer). */
const CHUNK_BYTES = 1024 * 1024;

/** The bytes of `file` from `start` up to `end` (fewer when the file is shorter). */
export async function readRange(file: string, start: number, end: number): Promise<Buffer> {
  const handle = await open(file, 'r');
  try {
    const buffer = Buffer.alloc(end - start);
    const { bytesRead } = await handle.read(buffer, 0, buffer.length, start);
    return buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

/** {@link readRange} without leaving the event loop: for the few bytes a writer reads under its lock. */
export function readRangeSync(file: string, start: number, end: number): Buffer {
  const descriptor = openSync(file, 'r');
  try {
    const buffer = Buffer.alloc(end - start);
    return buffer.subarray(0, readSync(descriptor, buffer, 0, buffer.length, start));
  } finally {
    closeSync(descriptor);
  }
}

/** One line of an append-only file, without its newline (a view of the bytes read, not a copy), and where it starts. */
export type LineVisitor = (line: Buffer, offset: number) => void;

/**
 * Calls `visit` for each complete line of `bytes` (empty ones too), which were read from `baseOffset` of their file.
 * @returns the bytes up to the end of the last complete line: a torn last line (a writer that died, or one still
 *   appending) is not visited, and the next read starts with it
 */
export function visitWholeLines(bytes: Buffer, baseOffset: number, visit: LineVisitor): number {
  let lineStart = 0;
  for (let newline = bytes.indexOf(0x0a); newline !== -1; newline = bytes.indexOf(0x0a, lineStart)) {
    visit(bytes.subarray(lineStart, newline), baseOffset + lineStart);
    lineStart = newline + 1;
  }
  return lineStart;
}

/**
 * Visits the complete lines of `file` between `start` and `end` a chunk at a time, with a turn of the event loop
 * between chunks, so that a file of hundreds of megabytes is neither held in memory whole nor read in one block.
 * `stillWanted` is asked before each chunk is visited: a reader whose position moved meanwhile stops there.
 * @returns where the complete lines visited end
 */
export async function readWholeLines(
  file: string,
  start: number,
  end: number,
  visit: LineVisitor,
  stillWanted: (at: number) => boolean = () => true,
): Promise<number> {
  let at = start;
  let chunkBytes = CHUNK_BYTES;
  while (at < end) {
    const bytes = await readRange(file, at, Math.min(end, at + chunkBytes));
    if (!stillWanted(at)) return at;
    const consumed = visitWholeLines(bytes, at, visit);
    if (consumed === 0) {
      // One line longer than the chunk (or a torn last line): read more at once, unless the file ends here.
      if (at + bytes.length >= end) return at;
      chunkBytes *= 2;
      continue;
    }
    at += consumed;
    chunkBytes = CHUNK_BYTES;
    await nextTurn();
  }
  return at;
}
