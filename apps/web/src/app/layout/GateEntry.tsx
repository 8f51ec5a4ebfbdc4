import { lazy, Suspense, useState } from 'react';
import { ControlOutlined } from '@ant-design/icons';
import { PERMISSIONS } from '@venue/contract/common/access';
import { usePermission } from '@/components/Permission';
import { NavButton } from './NavButton';

const GateControlDialog = lazy(() => import('@/features/gate').then((m) => ({ default: m.GateControlDialog })));

/** The navbar's remote gate opening (spec 2.4): 远程开闸 for users who may drive gates. */
export function GateEntry() {
  const allowed = usePermission([PERMISSIONS.gate.gate.remoteControl]);
  const [open, setOpen] = useState(false);
  if (!allowed) return null;
  return (
    <>
      <NavButton label="远程开闸" title="远程开闸" icon={<ControlOutlined />} onClick={() => setOpen(true)} />
      {open && (
        <Suspense fallback={null}>
          <GateControlDialog open={open} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
