import { useState } from 'react';
import { Switch, Tag } from 'antd';
import type { Permission } from '@venue/contract';
import { usePermission } from './Permission';

/** An enabled/disabled switch in a list row; read-only text for a user without `permission`. */
export function StateSwitch({
  checked,
  onChange,
  permission,
  on = '启用',
  off = '停用',
}: {
  checked: boolean;
  onChange: (next: boolean) => Promise<unknown>;
  permission?: Permission;
  on?: string;
  off?: string;
}) {
  const [busy, setBusy] = useState(false);
  const allowed = usePermission(permission ? [permission] : []) || !permission;
  if (!allowed) return checked ? <Tag color="success">{on}</Tag> : <Tag>{off}</Tag>;
  return (
    <Switch
      checked={checked}
      loading={busy}
      checkedChildren={on}
      unCheckedChildren={off}
      onChange={async (next) => {
        setBusy(true);
        try {
          await onChange(next);
        } catch {
          // shown by the HTTP client
        } finally {
          setBusy(false);
        }
      }}
    />
  );
}

export const STATE_OPTIONS = [
  { value: 'A', label: '启用' },
  { value: 'S', label: '停用' },
];
