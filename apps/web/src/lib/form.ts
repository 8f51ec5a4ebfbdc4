import type { FormInstance } from 'antd';

/** antd's rejection when a rule fails: the fields already show their messages. */
function isValidationFailure(error: unknown): boolean {
  return typeof error === 'object' && error !== null && 'errorFields' in error;
}

/**
 * The form's values, or `undefined` when a rule failed. antd rejects `validateFields()` on a failed rule;
 * awaited from a dialog's 确定 that rejection escaped as an uncaught error on every failed validation.
 */
export async function validValues<Values>(form: FormInstance<Values>): Promise<Values | undefined> {
  try {
    return await form.validateFields();
  } catch (error) {
    if (isValidationFailure(error)) return undefined;
    throw error;
  }
}
