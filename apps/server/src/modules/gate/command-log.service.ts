import { chinaToIso } from '@venue/contract';
import type { gate, QueryOut } from '@venue/contract';
import type { Command, CommandFilters } from '@venue/contract/gate';
import { mapPage, pageWindow } from '../../lib/paging.ts';
import { inUserVenues, type UserSession } from '../../plugins/session.ts';
import type { CommandFilter, CommandRepository } from './command.repository.ts';

type Listed = Awaited<ReturnType<CommandRepository['page']>>['records'][number];
const toCommand = (r: Listed): Command => ({
  commandId: r.id,
  gateId: r.gate_id,
  gateName: r.gate_name,
  areaName: r.area_name,
  venueName: r.venue_name,
  controllerName: r.controller_name,
  serialNo: Number(r.serial_no),
  door: r.door,
  passDirection: r.pass_direction,
  doorState: r.door_state,
  success: r.success,
  answer: r.answer,
  durationMs: r.duration_ms,
  userName: r.real_name,
  createTime: r.created_at,
});

/** 闸机操作记录: who sent which command to which gate, when, and what the controller answered. */
export class CommandLogService {
  constructor(private readonly repo: CommandRepository) {}

  private filterOf(s: UserSession, q: CommandFilters): CommandFilter {
    return {
      within: inUserVenues(s, 'c.venue_id'),
      beginIso: q.beginTime ? chinaToIso(q.beginTime) : undefined,
      endIso: q.endTime ? chinaToIso(q.endTime, true) : undefined,
      areaId: q.areaId,
      gateId: q.gateId,
      userName: q.userName || undefined,
      passDirection: q.passDirection,
      doorState: q.doorState === undefined ? undefined : Number(q.doorState),
      success: q.success,
    };
  }

  async page(s: UserSession, q: QueryOut<typeof gate.commandQuery>) {
    return mapPage(await this.repo.page(s.tenantId, this.filterOf(s, q), pageWindow(q)), toCommand);
  }

  async *exportBatches(s: UserSession, q: CommandFilters): AsyncGenerator<Command[]> {
    for await (const rows of this.repo.batches(s.tenantId, this.filterOf(s, q))) yield rows.map(toCommand);
  }
}
