import { fsyncSync } from 'node:fs';
import { PGlite, type PGliteOptions } from '@electric-sql/pglite';
import { NodeFS } from '@electric-sql/pglite/nodefs';

/**
 * PGlite on a directory, made to flush its commits to disk.
 *
 * PGlite 0.5 starts PostgreSQL with `-F` (fsync off), and even without it
 * nothing would reach the disk: in its Emscripten build `fdatasync` returns
 * at once and the Node-backed filesystem has no `fsync`. Every write still
 * reaches the operating system before a commit returns, so a killed process
 * loses nothing, but a power cut or an OS crash can lose acknowledged
 * commits or leave the directory unrecoverable. Here PostgreSQL runs with
 * fsync on and `wal_sync_method=fsync`, and the filesystem's `fsync` calls
 * the real one.
 */

type Sync = (fd: number) => void;

interface EmscriptenNodeFs {
  stream_ops: { fsync?: (stream: { nfd: number }) => number };
  tryFSOperation<T>(operation: () => T): T;
}

/** NodeFS whose `fsync` reaches the disk; `sync` is swappable so a test can watch it. */
export class DurableNodeFS extends NodeFS {
  constructor(
    dataDir: string,
    private readonly sync: Sync = fsyncSync,
  ) {
    super(dataDir);
  }

  override async init(...args: Parameters<NodeFS['init']>): ReturnType<NodeFS['init']> {
    const { emscriptenOpts } = await super.init(...args);
    const flushToDisk = (mod: { NODEFS?: EmscriptenNodeFs }) => {
      const nodeFs = mod.NODEFS;
      if (!nodeFs?.stream_ops) throw new Error('this PGlite build has no Node filesystem to make durable');
      nodeFs.stream_ops.fsync = (stream) => {
        nodeFs.tryFSOperation(() => this.sync(stream.nfd));
        return 0;
      };
    };
    const preRun = emscriptenOpts.preRun ?? [];
    return { emscriptenOpts: { ...emscriptenOpts, preRun: [flushToDisk, ...preRun] } };
  }
}

/** PGlite's own start parameters with fsync on, through the call our filesystem implements. */
export function durableStartParams(): string[] {
  return [...PGlite.defaultStartParams.filter((param) => param !== '-F'), '-c', 'wal_sync_method=fsync'];
}

/** Options that make a PGlite data directory durable. */
export function durablePgliteOptions(dataDir: string, sync?: Sync): Pick<PGliteOptions, 'fs' | 'startParams'> {
  return { fs: new DurableNodeFS(dataDir, sync), startParams: durableStartParams() };
}
