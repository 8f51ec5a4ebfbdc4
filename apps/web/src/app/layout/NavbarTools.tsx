import { useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { Dropdown, Tooltip } from 'antd';
import { FontSizeOutlined, FullscreenExitOutlined, FullscreenOutlined, QuestionCircleOutlined } from '@ant-design/icons';
import screenfull from 'screenfull';
import { toast } from '@/lib/notify';
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
      <span onClick={toggle} style={{ cursor: 'pointer', fontSize: 16 }} aria-label="全屏">
        {full ? <FullscreenExitOutlined /> : <FullscreenOutlined />}
      </span>
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

export function SizeSelect() {
  const size = useLayout((s) => s.size);
  const changeSize = useChangeSize();
  return (
    <Dropdown
      trigger={['click']}
      menu={{
        selectable: true,
        selectedKeys: [size],
        items: UI_SIZES.map((s) => ({ key: s.value, label: s.label })),
        onClick: ({ key }) => changeSize(key as UiSize),
      }}
    >
      <Tooltip title="布局大小">
        <span style={{ cursor: 'pointer', fontSize: 16 }} aria-label="布局大小">
          <FontSizeOutlined />
        </span>
      </Tooltip>
    </Dropdown>
  );
}

/** The guide opens in a new tab; its address is a global setting, the API documentation by default. */
export function DocLink({ href }: { href: string }) {
  return (
    <Tooltip title="文档">
      <a href={href} target="_blank" rel="noopener noreferrer" style={{ color: 'inherit', fontSize: 16 }} aria-label="文档">
        <QuestionCircleOutlined />
      </a>
    </Tooltip>
  );
}
