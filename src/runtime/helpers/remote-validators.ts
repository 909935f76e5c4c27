import { duplicateCheck, ruleCodeCheck } from '../schema/api.ts';

/*
 * The two server-backed checks of spec section 5 ("Helpers"), usable as form validators: each resolves
 * to undefined when the value passes and to the message to show when it does not.
 */

/** Duplicate check: an empty value passes; otherwise the server decides and its message is the error. */
export async function checkDuplicate(params: { tableName: string; fieldName: string; fieldVal: unknown; dataId?: string }): Promise<string | undefined> {
  if (params.fieldVal === undefined || params.fieldVal === null || params.fieldVal === '') return undefined;
  const res = await duplicateCheck({ ...params, fieldVal: String(params.fieldVal) });
  return res.success ? undefined : res.message;
}

/** Rule-code check: the value goes URL-encoded, and the server's message is the error. */
export async function checkRuleCode(ruleCode: string, value: unknown): Promise<string | undefined> {
  const res = await ruleCodeCheck(ruleCode, encodeURIComponent(String(value ?? '')));
  return res.success ? undefined : res.message;
}
