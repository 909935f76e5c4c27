export declare const TYPES_FILE: string;
export declare function generateSchemaTypes(root: string): Promise<string>;
