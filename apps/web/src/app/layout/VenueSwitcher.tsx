import { useState } from 'react';
import { Button, Cascader, Popover } from 'antd';
import { EnvironmentOutlined } from '@ant-design/icons';
import * as auth from '@venue/contract/auth';
import { useVenueTree } from '@/hooks/useVenueGroups';
import { callApi } from '@/lib/http';
import { notifyAfterReload } from '@/lib/notify';
import { useSession } from '@/lib/session';

/** The center/venue cascader (spec 2.4): a single center shows only its venues; choosing reloads. */
export function VenueSwitcher() {
  const user = useSession((s) => s.user);
  const [open, setOpen] = useState(false);
  const [everOpened, setEverOpened] = useState(false);
  const tree = useVenueTree(everOpened);
  const options = tree.length === 1 ? tree[0].children : tree;
  const toggle = (next: boolean) => {
    setOpen(next);
    if (next) setEverOpened(true);
  };

  async function choose(path: (string | number)[]) {
    const venueId = Number(path[path.length - 1]);
    if (!venueId || venueId === user?.currentVenueId) return setOpen(false);
    await callApi(auth.setCurrentVenue, { body: { venueId } });
    const venueName = user?.venues.find((v) => v.venueId === venueId)?.venueName;
    if (venueName) notifyAfterReload({ kind: 'success', msg: `已切换到${venueName}` });
    window.location.reload();
  }

  return (
    <Popover
      trigger="click"
      open={open}
      onOpenChange={toggle}
      placement="bottom"
      title="切换场馆"
      styles={{ root: { width: 400 } }}
      content={<Cascader.Panel options={options} onChange={(path) => void choose(path as number[])} style={{ width: '100%' }} />}
    >
      <Button type="text" icon={<EnvironmentOutlined />} data-testid="venue-switcher" aria-label={`切换场馆，当前：${user?.currentVenueName ?? '未选择场馆'}`}>
        {user?.currentVenueName ?? '未选择场馆'}
      </Button>
    </Popover>
  );
}
