import { Select } from 'antd';
import * as menus from '@venue/contract/menus';
import { menuIcon } from '@/components/MenuIcon';

const OPTIONS = menus.MENU_ICONS.map((name) => ({
  value: name,
  label: (
    <span>
      {menuIcon(name)} <span style={{ marginLeft: 6 }}>{name}</span>
    </span>
  ),
}));

/** 菜单图标: the antd icons the sidebar ships, searchable by name, each shown as it will look. */
export function IconPicker({ value, onChange }: { value?: string | null; onChange?: (v: string | null) => void }) {
  return (
    <Select
      aria-label="菜单图标"
      showSearch
      allowClear
      placeholder="选择图标"
      value={value ?? undefined}
      onChange={(v) => onChange?.(v ?? null)}
      options={OPTIONS}
      optionFilterProp="value"
      listHeight={256}
    />
  );
}
