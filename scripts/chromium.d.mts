export declare const CHROMIUM_ARGS: string[];
export declare const CHROMIUM_MISSING_MESSAGE: string;
export declare function findChromium(): string | undefined;
