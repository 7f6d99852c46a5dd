import inspector from 'node:inspector';

// Imports nothing else: the catalogue child measures its idle memory, and a bench library loaded
// for this would count in it.

/**
 * A bench child's answers to its parent's commands (IPC): 'cpu' (this process's CPU time, user +
 * system: per request it is steadier than throughput on a shared machine), 'profile-start' and
 * 'profile-stop' (a V8 CPU profile of this process between the two, for finding where a request's
 * time goes), each of `extra` (its answer is sent back), and 'stop' (runs `stop`, answers, exits 0).
 */
export function answerCommands(stop: () => Promise<void>, extra: Record<string, () => unknown> = {}): void {
  let profiler: inspector.Session | undefined;
  process.on('message', async (m: { cmd: string }) => {
    if (m.cmd === 'cpu') process.send?.({ cpu: process.cpuUsage() });
    if (m.cmd === 'profile-start') {
      profiler ??= new inspector.Session();
      profiler.connect();
      profiler.post('Profiler.enable', () => profiler!.post('Profiler.start', () => process.send?.({ started: true })));
    }
    if (m.cmd === 'profile-stop') {
      profiler!.post('Profiler.stop', (err, r) => {
        profiler!.disconnect();
        process.send?.({ profile: err ? null : r.profile });
      });
    }
    const answer = extra[m.cmd];
    if (answer) process.send?.(answer());
    if (m.cmd === 'stop') {
      await stop();
      process.send?.({ stopped: true });
      process.exit(0);
    }
  });
}
