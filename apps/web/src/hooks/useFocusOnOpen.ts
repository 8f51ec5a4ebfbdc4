import { useCallback, useRef } from 'react';

/**
 * Focus for a field inside an antd dialog. The dialog's content mounts while it is still hidden, so
 * `autoFocus` is lost and the dialog's focus trap takes its close button; this focuses the field when
 * the dialog has opened: pass `afterOpenChange` to the Modal and `ref` to the field.
 */
export function useFocusOnOpen<T extends { focus: () => void }>() {
  const ref = useRef<T>(null);
  const afterOpenChange = useCallback((open: boolean) => {
    if (open) ref.current?.focus();
  }, []);
  return { ref, afterOpenChange };
}

const FIELD = 'input:not([type=hidden]):not([disabled]), textarea:not([disabled])';

/**
 * The same for a dialog whose first field should take the focus (an add/edit form): pass
 * `afterOpenChange` to the Modal and `ref` to an element around its fields.
 */
export function useFocusFirstField() {
  const ref = useRef<HTMLDivElement>(null);
  const afterOpenChange = useCallback((open: boolean) => {
    if (open) ref.current?.querySelector<HTMLElement>(FIELD)?.focus();
  }, []);
  return { ref, afterOpenChange };
}
