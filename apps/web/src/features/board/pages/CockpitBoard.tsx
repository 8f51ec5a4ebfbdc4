import { useMemo } from 'react';
import * as board from '@venue/contract/board';
import { CAPABILITIES } from '@venue/contract/board';
import { EChart } from '../components/EChart';
import { BoardFrame, BoardMessage, Panel, Stat, Stats, tableClass } from '../components/BoardFrame';
import { barOption, CARD_AXES, lineOption, yuanText } from '../charts';
import { useBoardData } from '../hooks/useBoard';
import { useWholeRows } from '../hooks/useWholeRows';
import type { BoardBodyProps } from '../board-body';
import { chinaToday, notLanded } from '../revenue';

const GRID = {
  gridTemplateColumns: '1fr 1fr 1fr',
  gridTemplateRows: 'auto 1fr 1fr',
  gridTemplateAreas: `"stats stats stats" "months weeks venues" "members cards goods"`,
};

const daysBefore = (date: string, days: number) => new Date(Date.parse(`${date}T00:00:00Z`) - days * 86_400_000).toISOString().slice(0, 10);
const monthsBefore = (date: string, months: number) => {
  const d = new Date(Date.parse(`${date.slice(0, 7)}-01T00:00:00Z`));
  d.setUTCMonth(d.getUTCMonth() - months);
  return d.toISOString().slice(0, 10);
};

/** 数据驾驶舱: revenue by month, week and venue, member growth, card liability and use, the best-selling goods. */
export function CockpitBoard({ access, live, title }: BoardBodyProps) {
  const today = chinaToday();
  const venueId = access.scopeVenueId;
  const months = useBoardData(board.revenueQuery, access, { venueId, beginDate: monthsBefore(today, 11), endDate: today, unit: 'month' });
  const weeks = useBoardData(board.revenueQuery, access, { venueId, beginDate: daysBefore(today, 83), endDate: today, unit: 'week' });
  const cockpit = useBoardData(board.cockpitQuery, access, { venueId });
  const flow = useBoardData(board.flowQuery, access, { venueId: access.venueId });
  const goodsTable = useWholeRows(cockpit.data);
  const options = useMemo(() => {
    const [m, w, c] = [months.data, weeks.data, cockpit.data];
    if (!m || !w || !c) return null;
    return {
      months: barOption(
        m.periods.map((p) => p.period),
        m.landed.map((k) => ({ name: CAPABILITIES[k], stack: 'net', data: m.periods.map((p) => p.byChannel[k] ?? 0) })),
      ),
      weeks: lineOption(
        w.periods.map((p) => p.period.slice(5)),
        [{ name: '周营收（元）', data: w.periods.map((p) => p.net) }],
      ),
      venues: barOption(
        m.byVenue.map((v) => v.label),
        [{ name: '近12个月营收（元）', data: m.byVenue.map((v) => v.amount) }],
        { horizontal: true },
      ),
      members: barOption(
        c.members.byMonth.map((r) => r.month),
        [{ name: '新增会员', data: c.members.byMonth.map((r) => r.count) }],
        { whole: true },
      ),
      cards: barOption(
        c.cards.byMonth.map((r) => r.month),
        [
          { name: '新增会员卡（张）', data: c.cards.byMonth.map((r) => r.issued), counts: true },
          { name: '储值卡消费（元）', data: c.cards.byMonth.map((r) => r.consumed) },
        ],
        { names: CARD_AXES },
      ),
    };
  }, [months.data, weeks.data, cockpit.data]);
  const error = months.error ?? weeks.error ?? cockpit.error;
  if (error && !months.data) return <BoardMessage title={title} message={error.message} />;
  if (!months.data || !weeks.data || !cockpit.data || !options) return <BoardFrame title={title} live={live} grid={GRID} children={null} />;
  const m = months.data;
  const c = cockpit.data;
  const noMoney = m.total.income === 0 && m.total.refund === 0;
  return (
    <BoardFrame title={title} venueName={venueId ? flow.data?.venueName : '全部场馆'} live={live} grid={GRID}>
      <Panel title="经营概况" area="stats">
        <Stats>
          <Stat label="近12个月营收（元）" figure="yearNet" value={yuanText(m.total.net)} />
          <Stat label="本月营收（元）" figure="monthNet" value={yuanText(m.periods.at(-1)?.net ?? 0)} />
          <Stat label="会员总数" figure="members" value={c.members.total} />
          <Stat label="在用会员卡" figure="activeCards" value={c.cards.active} />
          <Stat label="储值卡余额（元）" figure="liability" value={yuanText(c.cards.liability)} />
          <Stat label="当前在馆人数" figure="inVenue" value={flow.data?.inVenue ?? '—'} />
        </Stats>
        {notLanded(m) && <p>{notLanded(m)}</p>}
      </Panel>
      <Panel title="月度营收（按渠道）" area="months" empty={noMoney}>
        <EChart option={options.months} label="月度营收" />
      </Panel>
      <Panel title="近12周营收" area="weeks" empty={weeks.data.total.income === 0}>
        <EChart option={options.weeks} label="近12周营收" />
      </Panel>
      <Panel title="各场馆营收" area="venues" empty={noMoney}>
        <EChart option={options.venues} label="各场馆营收" />
      </Panel>
      <Panel title="会员增长" area="members" missing={c.landed.includes('card') ? undefined : 'card'} empty={c.members.byMonth.every((r) => r.count === 0)}>
        <EChart option={options.members} label="会员增长" />
      </Panel>
      <Panel
        title="会员卡新增与消费"
        area="cards"
        missing={c.landed.includes('card') ? undefined : 'card'}
        empty={c.cards.byMonth.every((r) => !r.issued && !r.consumed)}
      >
        <EChart option={options.cards} label="会员卡新增与消费" />
      </Panel>
      <Panel title="热销商品（近30天）" area="goods" missing={c.landed.includes('goods') ? undefined : 'goods'} empty={c.topGoods.length === 0}>
        <table className={tableClass} ref={goodsTable} data-testid="top-goods">
          <thead>
            <tr>
              <th>商品</th>
              <th>数量</th>
              <th>金额（元）</th>
            </tr>
          </thead>
          <tbody>
            {c.topGoods.map((g) => (
              <tr key={g.goodsId}>
                <td>{g.goodsName}</td>
                <td>{g.quantity}</td>
                <td>{yuanText(g.amount)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </Panel>
    </BoardFrame>
  );
}
