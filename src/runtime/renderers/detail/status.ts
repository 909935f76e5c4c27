import type { SchemaDocument } from '../../../core/schema/types.generated.ts';
import { useDictOptions } from '../../dict/useDict.ts';

/** The field a record page reads as the record's status: its progress field, else its transitions' field. */
export const statusFieldOf = (doc: SchemaDocument): string | undefined => doc.detail?.progress?.field ?? doc.entity.rules?.transitions?.field;

/** The options of a field's dictionary (none while they load, or for a field without one). */
export const useFieldOptions = (doc: SchemaDocument, field: string | undefined) => useDictOptions(doc.entity.fields.find((f) => f.name === field)?.dict);
