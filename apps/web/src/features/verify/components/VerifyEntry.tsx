import { lazy, Suspense, useState } from 'react';
import { ScanOutlined } from '@ant-design/icons';
import { usePermission } from '@/components/Permission';
import { VERIFY_PERMISSIONS } from '../tabs';

const VerifyDialog = lazy(() => import('./VerifyDialog').then((m) => ({ default: m.VerifyDialog })));

/** Who may open 快速核销: a user holding the permission of any one built tab. */
export const useCanVerify = () => usePermission(VERIFY_PERMISSIONS);

/**
 * The navbar's 快速核销 (spec 2.4): a button on the desktop; on mobile the user menu holds the item and
 * renders `<VerifyDialogHost>` with its open state. The dialog's code loads on first open.
 */
export function VerifyDialogHost({ open, onClose }: { open: boolean; onClose: () => void }) {
  if (!open) return null;
  return (
    <Suspense fallback={null}>
      <VerifyDialog open={open} onClose={onClose} />
    </Suspense>
  );
}

export function useVerifyEntry() {
  const allowed = useCanVerify();
  const [open, setOpen] = useState(false);
  return { allowed, open, show: () => setOpen(true), host: <VerifyDialogHost open={open} onClose={() => setOpen(false)} /> };
}

export const VerifyIcon = ScanOutlined;
