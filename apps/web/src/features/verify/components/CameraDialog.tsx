import { useEffect, useRef, useState } from 'react';
import { Alert, Modal } from 'antd';
import { BrowserQRCodeReader, type IScannerControls } from '@zxing/browser';
import { notify } from '@/lib/notify';
import { CAMERA_INIT_FAILED, cameraErrorText, cameraPrecheck } from '../camera-errors';

/**
 * The camera dialog (spec 2.8, 9): 500 px, a 365 px camera area, decoding QR codes with @zxing/browser.
 * A camera that cannot start shows its error as the scan-error text, with 摄像初始化失败！！！.
 */
export default function CameraDialog({ onClose, onCode }: { onClose: () => void; onCode: (code: string) => void }) {
  const video = useRef<HTMLVideoElement>(null);
  const [error, setError] = useState<string | null>(null);
  const onCodeRef = useRef(onCode);
  useEffect(() => {
    onCodeRef.current = onCode;
  });

  useEffect(() => {
    let controls: IScannerControls | null = null;
    let stopped = false;
    const fail = (e: unknown) => {
      if (stopped) return;
      setError(cameraErrorText(e));
      notify.error(CAMERA_INIT_FAILED);
    };
    const pre = cameraPrecheck(window);
    if (pre) {
      fail({ name: pre });
      return;
    }
    new BrowserQRCodeReader()
      .decodeFromVideoDevice(undefined, video.current!, (result) => {
        if (!result || stopped) return;
        stopped = true;
        controls?.stop();
        onCodeRef.current(result.getText());
      })
      .then((c) => {
        if (stopped) c.stop();
        else controls = c;
      })
      .catch(fail);
    return () => {
      stopped = true;
      controls?.stop();
    };
  }, []);

  return (
    <Modal open title="请将二维码放在图像区域内" width={500} footer={null} onCancel={onClose} maskClosable={false} destroyOnHidden>
      <video ref={video} aria-label="摄像区域" muted playsInline style={{ width: '100%', height: 365, background: '#000', objectFit: 'cover' }} />
      {error && <Alert type="error" showIcon title={error} description={CAMERA_INIT_FAILED} style={{ marginTop: 8 }} />}
    </Modal>
  );
}
