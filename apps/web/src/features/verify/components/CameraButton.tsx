import { lazy, Suspense, useEffect, useState } from 'react';
import { Button } from 'antd';
import { CameraOutlined } from '@ant-design/icons';

const CameraDialog = lazy(() => import('./CameraDialog'));

/** Whether this browser lists a camera (spec 2.8: the open-camera button shows only then). */
function useHasCamera(): boolean {
  const [has, setHas] = useState(false);
  useEffect(() => {
    let live = true;
    navigator.mediaDevices
      ?.enumerateDevices?.()
      .then((devices) => live && setHas(devices.some((d) => d.kind === 'videoinput')))
      .catch(() => live && setHas(false));
    return () => {
      live = false;
    };
  }, []);
  return has;
}

/** 打开摄像头: a decoded QR code is handed to `onCode` and the camera closes. */
export function CameraButton({ onCode }: { onCode: (code: string) => void }) {
  const has = useHasCamera();
  const [open, setOpen] = useState(false);
  if (!has) return null;
  return (
    <>
      <Button icon={<CameraOutlined />} onClick={() => setOpen(true)}>
        打开摄像头
      </Button>
      {open && (
        <Suspense fallback={null}>
          <CameraDialog
            onClose={() => setOpen(false)}
            onCode={(code) => {
              setOpen(false);
              onCode(code);
            }}
          />
        </Suspense>
      )}
    </>
  );
}
