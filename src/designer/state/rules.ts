import type { Rule } from '../../core/schema/types.generated.ts';

/*
 * A widget's rules (spec sections 3 and 5): the first carries required and its message ('必填项' by
 * default); pattern rules can be added after it in the property panel.
 */
export const DEFAULT_RULE_MESSAGE = '必填项';

const head = (rules: Rule[] | undefined): Rule => rules?.[0] ?? { required: false, message: DEFAULT_RULE_MESSAGE };

export function setRequired(rules: Rule[] | undefined, required: boolean): Rule[] {
  return [{ ...head(rules), required }, ...(rules?.slice(1) ?? [])];
}

/** Kept as typed: an empty message still shows '必填项' at run time (the form compiler's default). */
export function setRequiredMessage(rules: Rule[] | undefined, message: string): Rule[] {
  return [{ ...head(rules), message }, ...(rules?.slice(1) ?? [])];
}

/** The pattern rules, i.e. every rule after the first. */
export const patternRules = (rules: Rule[] | undefined): Rule[] => rules?.slice(1) ?? [];

export function addPatternRule(rules: Rule[] | undefined): Rule[] {
  return [head(rules), ...patternRules(rules), { pattern: '', message: '' }];
}

export function updatePatternRule(rules: Rule[] | undefined, index: number, patch: Partial<Rule>): Rule[] {
  return [head(rules), ...patternRules(rules).map((r, i) => (i === index ? { ...r, ...patch } : r))];
}

export function removePatternRule(rules: Rule[] | undefined, index: number): Rule[] {
  return [head(rules), ...patternRules(rules).filter((_, i) => i !== index)];
}

/** Whether a pattern compiles (the panel marks a bad one instead of letting the preview throw). */
export function patternError(pattern: string | undefined): string | null {
  if (!pattern) return null;
  try {
    new RegExp(pattern);
    return null;
  } catch {
    return '正则表达式无效';
  }
}
