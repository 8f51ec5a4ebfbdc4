import { z } from 'zod';
import { PERMISSIONS } from './common/access.ts';
import { defineCall, defineDownload } from './common/call.ts';
import { listQuery, pageOf } from './common/envelope.ts';
import { dateTime, id, plainString } from './common/fields.ts';
import { PASS_DIRECTIONS } from './gate-codes.ts';

/** The time filter of both logs (spec 5: whole days from the screens). */
const timeRange = { beginTime: dateTime('beginTime').optional(), endTime: dateTime('endTime').optional() };

// ---- Command log (闸机操作记录): every remote-control command and the controller's answer ----
export const command = z.object({
  commandId: z.number(),
  gateId: z.number(),
  gateName: z.string(),
  areaName: z.string(),
  venueName: z.string(),
  controllerName: z.string(),
  serialNo: z.number(),
  door: z.number(),
  passDirection: z.enum(PASS_DIRECTIONS),
  doorState: z.number(),
  success: z.enum(['T', 'F']),
  /** What the controller answered, or why it did not act. */
  answer: z.string(),
  durationMs: z.number(),
  userName: z.string(),
  createTime: z.string(),
});
export type Command = z.infer<typeof command>;
const commandFilters = z.object({
  ...timeRange,
  areaId: id().optional(),
  gateId: id().optional(),
  userName: plainString('操作人').trim().max(30).optional(),
  passDirection: z.enum(PASS_DIRECTIONS).optional(),
  doorState: z.enum(['0', '1', '3'], { error: '门状态只能是 0、1 或 3' }).optional(),
  success: z.enum(['T', 'F']).optional(),
});
export type CommandFilters = z.infer<typeof commandFilters>;
export const commandQuery = defineCall({
  method: 'GET',
  path: 'gate/command/query',
  summary: '闸机操作记录（我的场馆）',
  access: { permission: PERMISSIONS.gate.command.list },
  query: listQuery.extend(commandFilters.shape),
  response: pageOf(command),
});
export const commandExport = defineDownload({
  method: 'GET',
  path: 'gate/command/export',
  summary: '导出闸机操作记录（.xlsx，条件同查询）',
  access: { permission: PERMISSIONS.gate.command.export },
  query: commandFilters,
  fileName: '闸机操作记录.xlsx',
  asciiName: 'gate-commands.xlsx',
});

// ---- Pass records (闸机通行记录): the controllers' swipe and door events ----
/** S a card swipe, D a door event (opened, closed, remote open), A an alarm. */
export const PASS_KINDS = ['S', 'D', 'A'] as const;
export const PASS_KIND_LABELS: Record<(typeof PASS_KINDS)[number], string> = { S: '刷卡', D: '门事件', A: '报警' };
export const pass = z.object({
  passId: z.number(),
  gateId: z.number().nullable(),
  gateName: z.string(),
  areaName: z.string(),
  venueName: z.string(),
  controllerName: z.string(),
  serialNo: z.number(),
  door: z.number(),
  direction: z.enum(PASS_DIRECTIONS),
  kind: z.enum(PASS_KINDS),
  /** The number the reader read (the physical card id). */
  cardNumber: z.number().nullable(),
  cardNo: z.string().nullable(),
  memberName: z.string().nullable(),
  granted: z.enum(['T', 'F']),
  /** The controller's reason, in Chinese (刷卡通过, 无权限, 远程开门...). */
  reason: z.string(),
  passTime: z.string(),
  /** C: the controller's own time; A: the time it arrived here (the controller sent none, or an impossible one). */
  timeSource: z.enum(['C', 'A']),
});
export type Pass = z.infer<typeof pass>;
const passFilters = z.object({
  ...timeRange,
  venueId: id().optional(),
  areaId: id().optional(),
  gateId: id().optional(),
  /** A card number, physical card id or member name. */
  keyword: plainString('卡号或姓名').trim().max(30).optional(),
  direction: z.enum(PASS_DIRECTIONS).optional(),
  kind: z.enum(PASS_KINDS).optional(),
  granted: z.enum(['T', 'F']).optional(),
});
export type PassFilters = z.infer<typeof passFilters>;
export const passQuery = defineCall({
  method: 'GET',
  path: 'gate/pass/query',
  summary: '闸机通行记录（我的场馆）',
  access: { permission: PERMISSIONS.gate.pass.list },
  query: listQuery.extend(passFilters.shape),
  response: pageOf(pass),
});
export const passExport = defineDownload({
  method: 'GET',
  path: 'gate/pass/export',
  summary: '导出闸机通行记录（.xlsx，条件同查询）',
  access: { permission: PERMISSIONS.gate.pass.export },
  query: passFilters,
  fileName: '闸机通行记录.xlsx',
  asciiName: 'gate-passes.xlsx',
});

/** A venue's visitor flow on one day, from the gates' granted swipes: the in-venue count and the hourly figures. */
export const flow = z.object({
  venueId: z.number(),
  date: z.string(),
  inCount: z.number(),
  outCount: z.number(),
  /** People in the venue now: in minus out, never below zero. */
  inVenue: z.number(),
  hours: z.array(z.object({ hour: z.number(), in: z.number(), out: z.number() })),
});
export const passFlow = defineCall({
  method: 'GET',
  path: 'gate/pass/flow',
  summary: '场馆客流：当日进出人次、在馆人数与分时段进出（看板用）',
  access: { anyOf: [PERMISSIONS.board.view, PERMISSIONS.gate.pass.list], board: true },
  query: z.object({
    venueId: id('场馆'),
    /** The day (yyyy-MM-dd; a time after it is ignored); today by default. */
    date: dateTime('date').optional(),
  }),
  response: flow,
});
