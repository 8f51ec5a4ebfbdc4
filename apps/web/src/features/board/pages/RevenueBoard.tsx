import { useMemo } from 'react';
import * as board from '@venue/contract/board';
import { CAPABILITIES } from '@venue/contract/board';
import { EChart } from '../components/EChart';
import { BoardFrame, BoardMessage, Panel, Stat, Stats } from '../components/BoardFrame';
import { barOption, pieOption, yuanText } from '../charts';
import { useBoardData } from '../hooks/useBoard';
import type { BoardBodyProps } from '../board-body';
import { chinaToday, MONEY, notLanded } from '../revenue';

const GRID = {
  gridTemplateColumns: '1.6fr 1fr',
  gridTemplateRows: 'auto 1.3fr 1fr',
  gridTemplateAreas: `"stats stats" "trend modes" "venues channels"`,
};
/** 营收: today's and the last 30 days' money by day, channel, pay method and venue. */
export function RevenueBoard({ access, live, title }: BoardBodyProps) {
  const today = chinaToday();
  const venueId = access.scopeVenueId;
  const day = useBoardData(board.revenueQuery, access, { venueId, beginDate: today, endDate: today, unit: 'day' });
  const month = useBoardData(board.revenueQuery, access, { venueId, unit: 'day' });
  const options = useMemo(() => {
    const m = month.data;
    if (!m) return null;
    const channels = m.landed.filter((c) => MONEY.includes(c));
    return {
      trend: barOption(
        m.periods.map((p) => p.period.slice(5)),
        channels.map((c) => ({ name: CAPABILITIES[c], stack: 'net', data: m.periods.map((p) => p.byChannel[c] ?? 0) })),
      ),
      modes: pieOption(m.byPayMode.map((r) => ({ name: r.label, value: r.amount }))),
      venues: barOption(
        m.byVenue.map((v) => v.label),
        [{ name: '营收（元）', data: m.byVenue.map((v) => v.amount) }],
        { horizontal: true },
      ),
      channels: pieOption(m.byChannel.map((r) => ({ name: r.label, value: r.amount }))),
    };
  }, [month.data]);
  const error = day.error ?? month.error;
  if (error && !month.data) return <BoardMessage title={title} message={error.message} />;
  if (!day.data || !month.data || !options) return <BoardFrame title={title} live={live} grid={GRID} children={null} />;
  const empty = month.data.total.income === 0 && month.data.total.refund === 0;
  return (
    <BoardFrame title={title} venueName={venueId ? month.data.byVenue[0]?.label : '全部场馆'} live={live} grid={GRID}>
      <Panel title="今日营收" area="stats">
        <Stats>
          <Stat label="今日营收（元）" figure="todayNet" value={yuanText(day.data.total.net)} />
          <Stat label="今日订单" figure="todayOrders" value={day.data.total.orders} />
          <Stat label="今日退款（元）" figure="todayRefund" value={yuanText(day.data.total.refund)} />
          <Stat label="近30天营收（元）" figure="monthNet" value={yuanText(month.data.total.net)} />
          <Stat label="近30天订单" figure="monthOrders" value={month.data.total.orders} />
        </Stats>
        {notLanded(month.data) && <p>{notLanded(month.data)}</p>}
      </Panel>
      <Panel title="近30天每日营收（按渠道）" area="trend" empty={empty}>
        <EChart option={options.trend} label="近30天每日营收" />
      </Panel>
      <Panel title="支付方式" area="modes" empty={empty}>
        <EChart option={options.modes} label="支付方式" />
      </Panel>
      <Panel title="各场馆营收" area="venues" empty={empty}>
        <EChart option={options.venues} label="各场馆营收" />
      </Panel>
      <Panel title="各渠道营收" area="channels" empty={empty}>
        <EChart option={options.channels} label="各渠道营收" />
      </Panel>
    </BoardFrame>
  );
}
