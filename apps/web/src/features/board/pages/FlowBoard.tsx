import { useMemo } from 'react';
import * as board from '@venue/contract/board';
import { EChart } from '../components/EChart';
import { BoardFrame, BoardMessage, Panel, Stat, Stats } from '../components/BoardFrame';
import { barOption, lineOption, pieOption } from '../charts';
import { FieldsLive } from '../components/FieldsLive';
import { useBoardData } from '../hooks/useBoard';
import type { BoardBodyProps } from '../board-body';

const GRID = {
  gridTemplateColumns: '1fr 1.4fr 1fr',
  gridTemplateRows: 'auto 1fr 1fr',
  gridTemplateAreas: `"stats stats stats" "gates hours areas" "items days days"`,
};
/** /fieldTX: the same panels with today's fields down the right-hand side. */
const FIELDS_GRID = {
  gridTemplateColumns: '1fr 1.3fr 1fr 1.4fr',
  gridTemplateRows: 'auto 1fr 1fr',
  gridTemplateAreas: `"stats stats stats fields" "gates hours areas fields" "items days days fields"`,
};

/** 客流 (on /fieldTX with 今日场地): people in the venue now, entries and exits today by hour, gate and area, and entries over 30 days. */
export function FlowBoard({ access, live, title, fields }: BoardBodyProps) {
  const grid = fields ? FIELDS_GRID : GRID;
  const { data, error } = useBoardData(board.flowQuery, access, { venueId: access.venueId });
  const options = useMemo(() => {
    if (!data) return null;
    return {
      hours: barOption(
        data.hours.map((h) => `${h.hour}时`),
        [
          { name: '入场', data: data.hours.map((h) => h.in) },
          { name: '出场', data: data.hours.map((h) => h.out) },
        ],
        { whole: true },
      ),
      gates: barOption(
        data.byGate.map((g) => g.label),
        [
          { name: '入场', data: data.byGate.map((g) => g.in) },
          { name: '出场', data: data.byGate.map((g) => g.out) },
        ],
        { horizontal: true, whole: true },
      ),
      areas: pieOption(data.byArea.map((a) => ({ name: a.label, value: a.in }))),
      days: lineOption(
        data.days.map((d) => d.date.slice(5)),
        [{ name: '入场人次', data: data.days.map((d) => d.in) }],
        true,
      ),
    };
  }, [data]);
  if (error && !data) return <BoardMessage title={title} message={error.message} />;
  if (!data || !options) return <BoardFrame title={title} live={live} grid={grid} children={null} />;
  const noGate = !data.landed.includes('gate');
  return (
    <BoardFrame title={title} venueName={data.venueName} live={live} grid={grid}>
      <Panel title="实时客流" area="stats" missing={noGate ? 'gate' : undefined}>
        <Stats>
          <Stat label="在馆人数" figure="inVenue" value={data.inVenue} />
          <Stat label="今日入场" figure="inCount" value={data.inCount} />
          <Stat label="今日出场" figure="outCount" value={data.outCount} />
          <Stat
            label="容量"
            figure="capacity"
            value={data.capacity === null ? '未设置' : `${Math.round((data.inVenue / Math.max(1, data.capacity)) * 100)}% / ${data.capacity}`}
          />
        </Stats>
      </Panel>
      <Panel title="分时段进出（今日）" area="hours" missing={noGate ? 'gate' : undefined} empty={data.inCount + data.outCount === 0}>
        <EChart option={options.hours} label="分时段进出" />
      </Panel>
      <Panel title="各闸机进出" area="gates" missing={noGate ? 'gate' : undefined} empty={data.byGate.length === 0}>
        <EChart option={options.gates} label="各闸机进出" />
      </Panel>
      <Panel title="各区域入场" area="areas" missing={noGate ? 'gate' : undefined} empty={data.byArea.every((a) => a.in === 0)}>
        <EChart option={options.areas} label="各区域入场" />
      </Panel>
      <Panel title="各运动项目客流" area="items">
        <p>闸机未关联运动项目，按项目的客流尚未统计</p>
      </Panel>
      <Panel title="近30天入场人次" area="days" missing={noGate ? 'gate' : undefined} empty={data.days.every((d) => d.in === 0)}>
        <EChart option={options.days} label="近30天入场人次" />
      </Panel>
      {fields && (
        <Panel title="今日场地" area="fields">
          <FieldsLive access={access} />
        </Panel>
      )}
    </BoardFrame>
  );
}
