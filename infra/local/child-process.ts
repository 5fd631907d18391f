/**
 * Ending the stand-ins' child processes (DynamoDB Local's Java, cognito-local) the same way.
 */
import type { ChildProcess } from 'node:child_process';

/** How long a stand-in gets to exit after SIGTERM before it is killed, in ms. */
const STOP_GRACE_MS = 5_000;

/** Whether the process has exited (by itself or by a signal). */
export const exited = (child: ChildProcess): boolean => child.exitCode !== null || child.signalCode !== null;

/** Sends SIGTERM, then SIGKILL after 5 s; resolves once the process has exited (at once if it had). */
export const endChildProcess = async (child: ChildProcess): Promise<void> => {
  if (exited(child)) return;
  await new Promise<void>((resolve) => {
    const force = setTimeout(() => child.kill('SIGKILL'), STOP_GRACE_MS);
    child.once('exit', () => {
      clearTimeout(force);
      resolve();
    });
    child.kill('SIGTERM');
  });
};
