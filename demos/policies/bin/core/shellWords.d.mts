export declare const SHELLS: readonly string[];
export declare function splitCommandLine(text: string): string[][][];
export declare function commandName(words: readonly string[]): string;
export declare function unwrap(words: readonly string[]): string[];
export declare function allPipelines(text: string, depth?: number): string[][][];
