import type { FastifyInstance } from 'fastify';
import { board } from '@venue/contract';
import { route, type Guard } from '../../plugins/route.ts';
import type { BoardEvents } from './board-events.ts';
import type { BoardService } from './board.service.ts';

export interface BoardServices {
  boards: BoardService;
  events: BoardEvents;
}

/** How soon after an event a board hears of it: events closer together go as one. */
const GATHER_MS = 250;
const HEARTBEAT_MS = 15_000;

export function boardRoutes(app: FastifyInstance, guard: Guard, { boards, events }: BoardServices) {
  route(app, guard, board.revenueQuery, ({ session, query }) => boards.revenue(session, query));
  route(app, guard, board.flowQuery, ({ session, query }) => boards.flow(session, query));
  route(app, guard, board.cockpitQuery, ({ session, query }) => boards.cockpit(session, query));
  route(app, guard, board.verificationsQuery, ({ session, query }) => boards.verifications(session, query));

  // Server-sent events: checked like every call (access, venue), then the answer is a stream that ends after `seconds`.
  route(app, guard, board.events, async ({ session, query, req, reply }) => {
    const venueId = query.venueId ?? (session.kind === 'anonymous' ? session.venueId : undefined);
    await boards.checkScope(session, venueId);
    reply.hijack();
    const res = reply.raw;
    res.writeHead(200, { 'content-type': 'text/event-stream; charset=utf-8', 'cache-control': 'no-cache, no-transform', 'x-accel-buffering': 'no' });
    let pending: NodeJS.Timeout | undefined;
    const unsubscribe = events.subscribe(session.tenantId, (eventVenue) => {
      if (venueId && eventVenue && eventVenue !== venueId) return;
      pending ??= setTimeout(() => {
        pending = undefined;
        res.write(`event: change\ndata: ${JSON.stringify({ venueId: eventVenue })}\n\n`);
      }, GATHER_MS);
    });
    const heartbeat = setInterval(() => res.write(': ping\n\n'), HEARTBEAT_MS);
    const end = setTimeout(() => res.end(), query.seconds * 1000);
    const cleanup = () => {
      clearTimeout(pending);
      clearInterval(heartbeat);
      clearTimeout(end);
      unsubscribe();
    };
    res.on('close', cleanup);
    req.raw.on('close', () => res.end());
    // Ready once the process hears the events: a write after the board has read its figures moves it.
    await events.listening();
    if (!res.writableEnded) res.write(`retry: 2000\nevent: ready\ndata: ${JSON.stringify({ venueId: venueId ?? null })}\n\n`);
    return null;
  });
}
