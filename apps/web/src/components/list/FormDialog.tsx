import { useState, type ReactNode } from 'react';
import { Form, Modal, type FormInstance } from 'antd';
import { validValues } from '@/lib/form';
import { toast } from '@/lib/notify';
import { useFocusFirstField } from '@/hooks/useFocusOnOpen';

export interface FormDialogProps<Values> {
  open: boolean;
  title: string;
  initialValues?: Partial<Values>;
  /** Resolves when saved; a rejection keeps the dialog open (the error has been shown). */
  onSubmit: (values: Values) => Promise<unknown>;
  onClose: () => void;
  children: ReactNode | ((form: FormInstance<Values>) => ReactNode);
  width?: number;
}

/** The add/edit dialog every admin screen uses: 700 px, validation in Chinese, 操作成功 on save. */
export function FormDialog<Values extends object>({ open, title, initialValues, onSubmit, onClose, children, width = 700 }: FormDialogProps<Values>) {
  const [form] = Form.useForm<Values>();
  const [saving, setSaving] = useState(false);
  const { ref: fieldsRef, afterOpenChange: focusFirstField } = useFocusFirstField();
  // Filled once per opening, in the render that opens it: a parent re-render must not wipe what the user
  // is typing, and a reset in an effect ran after a fast typist's (or a loaded browser's) first keys and
  // wiped them. The fields are not mounted then (destroyOnHidden), so the store changes unobserved.
  const [openSeen, setOpenSeen] = useState(false);
  if (open !== openSeen) {
    setOpenSeen(open);
    if (open) {
      form.resetFields();
      if (initialValues) form.setFieldsValue(initialValues as never);
    }
  }

  async function save() {
    const values = await validValues(form);
    if (!values) return;
    setSaving(true);
    try {
      await onSubmit(values);
      toast.success('操作成功');
      onClose();
    } catch {
      // The HTTP client has shown the server's message; the dialog stays open for a fix.
    } finally {
      setSaving(false);
    }
  }

  return (
    <Modal
      open={open}
      title={title}
      width={width}
      onOk={save}
      onCancel={onClose}
      confirmLoading={saving}
      okText="确定"
      cancelText="取消"
      destroyOnHidden
      maskClosable={false}
      afterOpenChange={focusFirstField}
    >
      <div ref={fieldsRef}>
        <Form form={form} name="dialog" labelCol={{ span: 5 }} wrapperCol={{ span: 17 }} style={{ marginTop: 16 }}>
          {typeof children === 'function' ? children(form) : children}
        </Form>
      </div>
    </Modal>
  );
}
