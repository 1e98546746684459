// Reads a ZIP back with yauzl, not with the library that wrote it.
import yauzl from 'yauzl';

/** The files of a ZIP and their text, read with yauzl (not the library that wrote it). */
export function unzip(bytes: Buffer): Promise<Map<string, string>> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(bytes, { lazyEntries: true }, (error, zip) => {
      if (error || !zip) return reject(error);
      const files = new Map<string, string>();
      zip.on('entry', (entry: yauzl.Entry) =>
        zip.openReadStream(entry, async (streamError, stream) => {
          if (streamError || !stream) return reject(streamError);
          const chunks: Buffer[] = [];
          for await (const chunk of stream) chunks.push(chunk as Buffer);
          files.set(entry.fileName, Buffer.concat(chunks).toString('utf8'));
          zip.readEntry();
        }),
      );
      zip.on('end', () => resolve(files));
      zip.readEntry();
    });
  });
}
