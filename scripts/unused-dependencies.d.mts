/** Types of scripts/unused-dependencies.mjs (see its doc comment). */

/** Packages needed without a source file naming them: name → why. */
export declare const USED_WITHOUT_IMPORT: Record<string, string>;

/** The dependencies of the root package and its workspaces under `root` that nothing names, sorted. */
export declare function unusedDependencies(root: string): { package: string; name: string }[];
