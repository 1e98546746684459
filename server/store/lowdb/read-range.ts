/** Reading the part of an append-only file that a reader has not seen yet (journal, price history, nonces). */
import { open } from 'node:fs/promises';

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
