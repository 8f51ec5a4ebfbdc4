import { useState } from 'react';
import { Switch, Tag } from 'antd';
import type { Permission } from '@venue/contract';
import { toast } from '@/lib/notify';
import { usePermission } from './Permission';

/**
 * An enabled/disabled switch in a list row; read-only text for a user without `permission`. It follows the
 * saved state at once with 操作成功 (the row's data catches up when the list reloads) and stays put on an error.
 */
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
  // What this switch saved, while the row still shows the state from before (`from`).
  const [saved, setSaved] = useState<{ from: boolean; to: boolean } | null>(null);
  const value = saved && saved.from === checked ? saved.to : checked;
  const allowed = usePermission(permission ? [permission] : []) || !permission;
  if (!allowed) return value ? <Tag color="success">{on}</Tag> : <Tag>{off}</Tag>;
  return (
    <Switch
      checked={value}
      loading={busy}
      checkedChildren={on}
      unCheckedChildren={off}
      onChange={async (next) => {
        setBusy(true);
        try {
          await onChange(next);
          setSaved({ from: checked, to: next });
          toast.success('操作成功');
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
