import { useEffect, useState } from 'react';
import { Cascader, Popover } from 'antd';
import { EnvironmentOutlined } from '@ant-design/icons';
import { auth, system } from '@venue/contract';
import { callApi } from '@/lib/http';
import { useSession } from '../session';

interface Option { value: number; label: string; children?: Option[] }

/** The center/venue cascader (spec 2.4): a single center shows only its venues; choosing reloads. */
export function VenueSwitcher() {
  const user = useSession((s) => s.user);
  const [options, setOptions] = useState<Option[]>([]);
  const [open, setOpen] = useState(false);

  useEffect(() => {
    if (!open || options.length) return;
    void callApi(system.enableVenueInfo).then((centers) => {
      const tree = centers.map((c) => ({ value: c.centerId, label: c.centerName, children: c.venues.map((v) => ({ value: v.venueId, label: v.venueName })) }));
      setOptions(tree.length === 1 ? tree[0].children : tree);
    }, () => undefined);
  }, [open, options.length]);

  async function choose(path: (string | number)[]) {
    const venueId = Number(path[path.length - 1]);
    if (!venueId || venueId === user?.currentVenueId) return setOpen(false);
    await callApi(auth.setCurrentVenue, { body: { venueId } });
    window.location.reload();
  }

  return (
    <Popover
      trigger="click"
      open={open}
      onOpenChange={setOpen}
      placement="bottom"
      title="切换场馆"
      styles={{ root: { width: 400 } }}
      content={<Cascader.Panel options={options} onChange={(path) => void choose(path as number[])} style={{ width: '100%' }} />}
    >
      <span style={{ cursor: 'pointer', whiteSpace: 'nowrap' }} data-testid="venue-switcher">
        <EnvironmentOutlined /> {user?.currentVenueName ?? '未选择场馆'}
      </span>
    </Popover>
  );
}
