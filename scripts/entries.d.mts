export declare const ENTRIES: ReadonlyArray<{ name: string; source: string; types?: string }>
