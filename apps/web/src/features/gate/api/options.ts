import type { Dayjs } from 'dayjs';
import type { CallData } from '@venue/contract';
import * as gate from '@venue/contract/gate';
import * as member from '@venue/contract/member';
import { dateRange } from '@/lib/time';
import { useApiQuery } from '@/lib/query';

export interface Option {
  value: number;
  label: string;
}
/** One empty list while loading, so a select's options keep their identity between renders. */
const NONE: Option[] = [];

const areaOptions = (list: CallData<typeof gate.areaAll>): Option[] => list.map((a) => ({ value: a.areaId, label: a.areaName }));
const controllerOptions = (list: CallData<typeof gate.controllerAll>): Option[] =>
  list.map((c) => ({ value: c.controllerId, label: `${c.controllerName}（${c.serialNo}）` }));
const gateOptions = (list: CallData<typeof gate.gateAll>): Option[] => list.map((g) => ({ value: g.gateId, label: g.gateName }));
const cardTypeOptions = (list: CallData<typeof member.cardTypes>): Option[] => list.map((t) => ({ value: t.cardTypeId, label: t.cardTypeName }));

export const useAreaOptions = () => useApiQuery(gate.areaAll, {}, { select: areaOptions }).data ?? NONE;
export const useControllerOptions = () => useApiQuery(gate.controllerAll, {}, { select: controllerOptions }).data ?? NONE;
export const useGateOptions = () => useApiQuery(gate.gateAll, {}, { select: gateOptions }).data ?? NONE;
export const useCardTypeOptions = () => useApiQuery(member.cardTypes, {}, { select: cardTypeOptions }).data ?? NONE;

/** Options of a code table, values as the code's text (query strings and selects alike). */
export const codeOptions = (labels: Record<string, string>) => Object.entries(labels).map(([value, label]) => ({ value, label }));

/** A log screen's search values as its query: the date picker's range becomes beginTime and endTime. */
export function rangeFilters<F>({ range, ...rest }: Record<string, unknown>): F {
  const [begin, end] = (range as [Dayjs, Dayjs] | undefined) ?? [];
  const [beginTime, endTime] = dateRange(begin, end) ?? [];
  return { ...rest, beginTime, endTime } as F;
}

/** A T/F filter's options with the screen's words. */
export const flagOptions = (yes: string, no: string) => [
  { value: 'T', label: yes },
  { value: 'F', label: no },
];
