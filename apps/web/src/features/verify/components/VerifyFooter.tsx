import { Button, Space } from 'antd';
import { useVerifyDialog } from '../verify-context';

export interface VerifyFooterProps {
  onConfirm: () => void;
  /** 确认 by default; the certificate tab says 确认核销. */
  confirmText?: string;
  /** A request is in flight: the confirm shows it and takes no second click. */
  loading?: boolean;
  disabled?: boolean;
}

/** The dialog's footer, rendered by the tab (spec 2.8): 取消 closes the dialog, the confirm is the tab's. */
export function VerifyFooter({ onConfirm, confirmText = '确认', loading = false, disabled = false }: VerifyFooterProps) {
  const { close } = useVerifyDialog();
  return (
    <Space style={{ display: 'flex', justifyContent: 'flex-end', marginTop: 16 }}>
      <Button onClick={close}>取消</Button>
      {/* The delay keeps a quick answer from flashing the spinner; antd's leave motion of a spinner shown
          for a frame can stay in the DOM and name the button "loading 确认" for screen readers. */}
      <Button type="primary" loading={loading && { delay: 150 }} disabled={disabled} onClick={() => !loading && onConfirm()}>
        {confirmText}
      </Button>
    </Space>
  );
}
