import type { SchemaDocument } from '../core/schema/types.generated.ts';
import positionJson from '../../schemas/system/position.json';
import todoJson from '../../schemas/demo/todo.json';

/* Real schema documents for component tests, so that they exercise the runtime as the screens use it. */

/**
 * 职务管理 (system/position): a text and a dictionary query, required inputs with their own messages,
 * a unique code checked against the server, a dictionary select, a detail of two columns.
 */
export const position = positionJson as SchemaDocument;

/** 待办事项 (demo/todo): list columns read through dictionaries as coloured tags, a sortable date, a person named by the server. */
export const todo = todoJson as SchemaDocument;
