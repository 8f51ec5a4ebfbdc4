import { Suspense, useMemo, useState } from 'react';
import { Modal, Spin, Tabs } from 'antd';
import { useSession } from '@/lib/session';
import { allows } from '@/lib/permission';
import { visibleTabs, type VerifyTabKey } from '../tabs';
import { VerifyContext } from '../verify-context';

/**
 * 快速核销 (spec 2.8): 900 px, not closed by a click outside. Each tab of the registry (`../tabs.ts`) is one
 * component; tabs without one are shown disabled. Visited panes stay mounted, so a tab keeps what it found.
 */
export function VerifyDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const roles = useSession((s) => s.roles);
  const permissions = useSession((s) => s.permissions);
  const tabs = useMemo(() => visibleTabs((codes) => allows(codes, roles, permissions)), [roles, permissions]);
  const [active, setActive] = useState<VerifyTabKey | undefined>(() => tabs.find((t) => t.component)?.key);
  const [openedAt] = useState(() => performance.now());
  const context = useMemo(() => ({ close: onClose, openedAt }), [onClose, openedAt]);

  return (
    <Modal open={open} title="快速核销" width={900} footer={null} onCancel={onClose} maskClosable={false} destroyOnHidden>
      <VerifyContext.Provider value={context}>
        <Tabs
          activeKey={active}
          onChange={(key) => setActive(key as VerifyTabKey)}
          items={tabs.map(({ key, title, component: Tab }) => ({
            key,
            label: title,
            disabled: !Tab,
            children: Tab && (
              <Suspense fallback={<Spin />}>
                <Tab active={open && active === key} />
              </Suspense>
            ),
          }))}
        />
      </VerifyContext.Provider>
    </Modal>
  );
}
