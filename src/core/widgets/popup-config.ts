/*
 * The popup picker's configuration (spec section 3, "Popup config"): the report code, and two comma lists
 * pairing report columns (orgFields) with form fields (destFields). Section 5's two messages say what is
 * wrong with a configuration; a misconfigured popup is disabled and not rendered.
 */
export const POPUP_CONFIG_MESSAGE = 'popup参数未正确配置!';
export const POPUP_COUNT_MESSAGE = 'popup参数未正确配置,原始值和目标值数量不一致!';
export const SELECT_ONE_MESSAGE = '请选择一条记录';

const list = (text?: string) =>
  (text ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);

export function popupConfigError(code?: string, orgFields?: string, destFields?: string): string | undefined {
  if (!code?.trim() || !list(orgFields).length || !list(destFields).length) return POPUP_CONFIG_MESSAGE;
  if (list(orgFields).length !== list(destFields).length) return POPUP_COUNT_MESSAGE;
  return undefined;
}

/**
 * The form values the chosen rows give: each destination field gets its report column's values, joined
 * by commas when several rows were chosen.
 */
export function mappedValues(rows: Record<string, unknown>[], orgFields: string, destFields: string): Record<string, string> {
  const org = list(orgFields);
  const values: Record<string, string> = {};
  list(destFields).forEach((dest, i) => {
    values[dest] = rows.map((r) => (r[org[i]] === null || r[org[i]] === undefined ? '' : String(r[org[i]]))).join(',');
  });
  return values;
}

/** In single mode exactly one row must be chosen before the popup may close. */
export const confirmError = (multi: boolean, chosen: number): string | undefined => (!multi && chosen !== 1 ? SELECT_ONE_MESSAGE : undefined);
