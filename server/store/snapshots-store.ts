/**
 * Derived data that is costly to make again (the facet index of a large catalog), kept by the store beside the data
 * it was derived from, under a name (`[a-z0-9-]+`). The store keeps the bytes; what they mean, and whether they
 * still fit the data, is for their writer to say (they carry their own key and checksum).
 */
export interface SnapshotRepository {
  /** The bytes stored under `name`, or null when there are none. */
  read(name: string): Promise<Buffer | null>;
  /** Stores `bytes` under `name` durably, replacing what was there; a reader sees the old bytes or the new, whole. */
  write(name: string, bytes: Uint8Array): Promise<void>;
}

/** Names of snapshots: they become file names in the data folder. */
export const SNAPSHOT_NAME = /^[a-z0-9-]{1,64}$/;
