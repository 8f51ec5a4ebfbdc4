import dgram from 'node:dgram';

/**
 * The `uhppoted` library opens one UDP socket per request with SO_REUSEADDR and binds it to port 0. On
 * Linux, an automatic port for a reuse socket may be one another reuse socket already holds (in a test of
 * 2,000 such sockets at once, 81 shared a port), and a controller's reply then reaches the wrong request:
 * with 20 commands in flight about one round in a hundred lost an answer and waited for a retry. Its
 * request sockets are opened without SO_REUSEADDR here, so each gets a port of its own; its event
 * listener (a fixed port several server processes may share) keeps the option.
 */
export function ownPortsForLibraryRequests(): void {
  const marked = dgram as typeof dgram & { uhppotedRequestsOwnPorts?: boolean };
  if (marked.uhppotedRequestsOwnPorts) return;
  marked.uhppotedRequestsOwnPorts = true;
  const createSocket = dgram.createSocket;
  dgram.createSocket = function (options: dgram.SocketType | dgram.SocketOptions, callback?: (msg: Buffer, rinfo: dgram.RemoteInfo) => void) {
    const fromRequest = typeof options === 'object' && options.reuseAddr === true && isLibraryRequest();
    const chosen = fromRequest ? { ...(options as dgram.SocketOptions), reuseAddr: false } : options;
    return createSocket.call(dgram, chosen as dgram.SocketOptions, callback);
  } as typeof dgram.createSocket;
}

/** Whether createSocket was called by the library's `exec` (a request), not its `listen`: read from the call sites, unformatted. */
function isLibraryRequest(): boolean {
  const { prepareStackTrace, stackTraceLimit } = Error;
  Error.prepareStackTrace = (_, sites) => sites;
  Error.stackTraceLimit = 4;
  const holder: { stack?: NodeJS.CallSite[] } = {};
  Error.captureStackTrace(holder);
  const sites = holder.stack ?? [];
  Error.prepareStackTrace = prepareStackTrace;
  Error.stackTraceLimit = stackTraceLimit;
  return sites.some((site) => site.getFunctionName() === 'exec' && /uhppoted[\\/]src[\\/]driver\.js$/.test(site.getFileName() ?? ''));
}
