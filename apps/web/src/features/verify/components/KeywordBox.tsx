import { useEffect, useRef, type ReactNode } from 'react';
import { Input, type InputRef } from 'antd';
import { useScannerInput } from '@/hooks/useScannerInput';
import { enterLive, useVerifyDialog, VERIFY_FOCUS_DELAY_MS } from '../verify-context';
import { CameraButton } from './CameraButton';

export interface KeywordBoxProps {
  /** The active tab's box takes the scans and the focus. */
  active: boolean;
  value: string;
  onChange: (value: string) => void;
  /** Looks the keyword up: on Enter (live 3 s after the dialog opened), a scan, or a decoded camera code. */
  onSearch: (keyword: string) => void;
  placeholder: string;
  /** Beside the box, e.g. a 查询 button. */
  addon?: ReactNode;
}

/**
 * The keyword box of a 快速核销 tab (spec 2.8): focused 500 ms after opening, Enter live only 3 s after the
 * dialog was created, a scanner's code (spec 4) fills it and looks it up wherever focus is in the
 * dialog, and the open-camera button (shown only when a camera exists) does the same with a QR code.
 */
export function KeywordBox({ active, value, onChange, onSearch, placeholder, addon }: KeywordBoxProps) {
  const { openedAt } = useVerifyDialog();
  const box = useRef<InputRef>(null);
  const found = (code: string) => {
    onChange(code);
    onSearch(code);
  };
  useScannerInput(found, { enabled: active });
  useEffect(() => {
    if (!active) return;
    const timer = setTimeout(() => box.current?.focus(), VERIFY_FOCUS_DELAY_MS);
    return () => clearTimeout(timer);
  }, [active]);

  return (
    <div style={{ display: 'flex', gap: 8, marginBottom: 12 }}>
      <Input
        ref={box}
        aria-label={placeholder}
        placeholder={placeholder}
        value={value}
        allowClear
        onChange={(e) => onChange(e.target.value)}
        onPressEnter={() => enterLive(openedAt, performance.now()) && onSearch(value)}
      />
      <CameraButton onCode={found} />
      {addon}
    </div>
  );
}
