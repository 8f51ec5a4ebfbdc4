import { ColorPicker, Divider, Drawer, Radio, Switch } from 'antd';
import { PREDEFINED_THEMES, UI_SIZES, useLayout, type LayoutSettings, type UiSize } from './settings';
import { useChangeSize } from './NavbarTools';

const SWITCHES: { key: keyof LayoutSettings; label: string }[] = [
  { key: 'tagsView', label: '显示标签' },
  { key: 'fixedHeader', label: '固定头部' },
  { key: 'sidebarLogo', label: '显示LOGO' },
  { key: 'uniqueOpened', label: '菜单手风琴' },
];

/** 系统布局设置: theme colour, tags, fixed header, logo, unique-opened menu, size. Saved locally. */
export function SettingsDrawer({ open, onClose }: { open: boolean; onClose: () => void }) {
  const settings = useLayout();
  const changeSize = useChangeSize();
  const row = { display: 'flex', justifyContent: 'space-between', alignItems: 'center', padding: '10px 0' } as const;
  return (
    <Drawer title="系统布局设置" open={open} onClose={onClose} size={300}>
      <div style={row}>
        <span>主题颜色</span>
        <ColorPicker
          value={settings.theme}
          presets={[{ label: '预设颜色', colors: PREDEFINED_THEMES }]}
          onChangeComplete={(c) => settings.change({ theme: c.toHexString() })}
        />
      </div>
      {SWITCHES.map((s) => (
        <div style={row} key={s.key}>
          <span>{s.label}</span>
          <Switch checked={Boolean(settings[s.key])} onChange={(v) => settings.change({ [s.key]: v })} aria-label={s.label} />
        </div>
      ))}
      <Divider />
      <div style={row}>
        <span>布局大小</span>
        <Radio.Group value={settings.size} onChange={(e) => changeSize(e.target.value as UiSize)} optionType="button" size="small" options={UI_SIZES} />
      </div>
    </Drawer>
  );
}
