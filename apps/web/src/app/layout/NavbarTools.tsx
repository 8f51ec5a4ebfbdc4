import { useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { Dropdown, Tooltip } from 'antd';
import { FontSizeOutlined, FullscreenExitOutlined, FullscreenOutlined, QuestionCircleOutlined } from '@ant-design/icons';
import screenfull from 'screenfull';
import { toast } from '@/lib/notify';
import { NavButton } from './NavButton';
import { UI_SIZES, useLayout, type UiSize } from './settings';
import { useTags } from './tags';

export function FullscreenToggle() {
  const [full, setFull] = useState(false);
  useEffect(() => {
    if (!screenfull.isEnabled) return;
    const sync = () => setFull(screenfull.isFullscreen);
    screenfull.on('change', sync);
    return () => screenfull.off('change', sync);
  }, []);
  function toggle() {
    if (!screenfull.isEnabled) {
      toast.warning('you browser can not work');
      return;
    }
    void screenfull.toggle();
  }
  return (
    <Tooltip title={full ? '退出全屏' : '全屏'}>
      <NavButton label={full ? '退出全屏' : '全屏'} onClick={toggle} icon={full ? <FullscreenExitOutlined /> : <FullscreenOutlined />} />
    </Tooltip>
  );
}

/** Changes the UI size, says 布局设置成功 and reloads the current view through /redirect (spec 2.4). */
export function useChangeSize() {
  const setSize = useLayout((s) => s.setSize);
  const refresh = useTags((s) => s.refresh);
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  return (size: UiSize) => {
    setSize(size);
    toast.success('布局设置成功');
    refresh(pathname);
    navigate(`/redirect${pathname}${search}`, { replace: true });
  };
}

/** The tooltip hides while the menu is open: it used to sit over the 默认 option. */
export function SizeSelect() {
  const size = useLayout((s) => s.size);
  const changeSize = useChangeSize();
  const [menuOpen, setMenuOpen] = useState(false);
  const [hovered, setHovered] = useState(false);
  return (
    <Dropdown
      trigger={['click']}
      open={menuOpen}
      onOpenChange={(open) => {
        setMenuOpen(open);
        if (open) setHovered(false);
      }}
      menu={{
        selectable: true,
        selectedKeys: [size],
        items: UI_SIZES.map((s) => ({ key: s.value, label: s.label })),
        onClick: ({ key }) => changeSize(key as UiSize),
      }}
    >
      <Tooltip title="布局大小" open={hovered && !menuOpen} onOpenChange={setHovered}>
        <NavButton label="布局大小" icon={<FontSizeOutlined />} />
      </Tooltip>
    </Dropdown>
  );
}

/** The usage guide (/notice, spec 2.1) opens in a new tab. */
export function DocLink() {
  return (
    <Tooltip title="文档">
      <NavButton label="文档" icon={<QuestionCircleOutlined />} href="/notice" target="_blank" rel="noopener noreferrer" />
    </Tooltip>
  );
}
