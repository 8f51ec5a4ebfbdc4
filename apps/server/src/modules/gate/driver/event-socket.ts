import { createSocket } from 'node:dgram';
import { decodeEventPacket } from './event-packet.ts';
import type { EventHandlers, EventListener } from './gate-driver.ts';

/** Reports a failure of a handler to `onError`, and a failure of that to nobody: nothing here may end the process. */
function guard(handlers: EventHandlers, run: () => void): void {
  try {
    run();
  } catch (error) {
    try {
      handlers.error(error instanceof Error ? error : new Error(String(error)));
    } catch {
      // The error handler itself failed: there is no one left to tell.
    }
  }
}

/**
 * Receives the boards' events on `host`:`port` (0: a free port) with our own socket and decoder: every
 * datagram is either an event or refused with the reason, and no datagram and no handler can throw
 * out of the socket's callbacks. SO_REUSEADDR as before: several server processes may share the port.
 */
export function listenForEvents(host: string, port: number, handlers: EventHandlers): Promise<EventListener> {
  const socket = createSocket({ type: 'udp4', reuseAddr: true });
  return new Promise((done, fail) => {
    const failed = (error: Error) => {
      socket.close();
      fail(error);
    };
    socket.once('error', failed);
    socket.bind(port, host, () => {
      socket.off('error', failed);
      socket.on('error', (error) => guard(handlers, () => handlers.error(error)));
      socket.on('message', (packet, from) =>
        guard(handlers, () => {
          const sender = { address: from.address, port: from.port };
          const decoded = decodeEventPacket(packet);
          if ('event' in decoded) handlers.event(decoded.event, sender);
          else handlers.refused(decoded.refused, sender);
        }),
      );
      let closed = false;
      done({
        port: socket.address().port,
        close: () => {
          if (closed) return;
          closed = true;
          socket.close();
        },
      });
    });
  });
}
