/** Types of build.mjs (the server's production build), for the benchmarks that bundle their servers the same way. */
export declare function bundleServer(options: {
  /** Output name (without `.js`) → TypeScript entry file. */
  entryPoints: Record<string, string>;
  /** Folder of the bundles; inside the repository, so that the external packages resolve from `node_modules`. */
  outDir: string;
}): Promise<void>;
