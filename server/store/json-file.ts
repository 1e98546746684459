/**
 * A lowdb adapter for one JSON file that refuses to treat a damaged file as empty: parse errors become a
 * StoreCorruptError naming the file, and the file is never written over.
 */
import { DataFile } from 'lowdb/node';
import { StoreCorruptError } from './store-error.js';

export class CheckedJSONFile<T> extends DataFile<T> {
  constructor(filename: string) {
    super(filename, {
      parse: (text: string) => {
        try {
          const data: unknown = JSON.parse(text);
          if (data === null || typeof data !== 'object' || Array.isArray(data)) throw new Error('the top level is not an object');
          return data as T;
        } catch (error) {
          throw new StoreCorruptError(filename, error);
        }
      },
      stringify: (data: T) => JSON.stringify(data, null, 2),
    });
  }
}
