/*
 * Formily marks the rows of array fields with a property of its own (__DO_NOT_USE_THIS_PROPERTY_index__);
 * it must not travel to the server (an unknown field there) or show in previews.
 */
const INTERNAL = '__DO_NOT_USE_THIS_PROPERTY';

export function withoutInternals<T>(values: T): T {
  return JSON.parse(JSON.stringify(values, (key, value) => (key.startsWith(INTERNAL) ? undefined : value))) as T;
}
