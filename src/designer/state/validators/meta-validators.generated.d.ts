// Types for the generated validators (see generate.ts).
import type { ValidateFunction } from 'ajv';

export declare const validateForm: ValidateFunction;
export declare const validateDocument: ValidateFunction;
