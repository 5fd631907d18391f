/**
 * What the dashboard tells a person when one of its calls fails, and what it offers them to do:
 * never only a console line. Kinds and their words come from ui/failure.ts; the dashboard adds
 * the cases only it meets:
 * - 401 on any call: the sign-in has expired → "Sign in again" (to /login);
 * - 409 on Pay Now: the account already has a paid plan → the page reloads the account, which
 *   then shows the plan and Manage subscription instead of Pay Now;
 * - 409 on saving the groups: they were changed elsewhere → reload the account;
 * - network failure (status 0) and 5xx: the shared wording, with Retry.
 * Other refusals (4xx) show the API's own message, which names what was wrong.
 */
import { failureOf, statusOf } from '../../ui/failure';

/** What the visitor was doing when the call failed. */
export type DashboardAction = 'load' | 'groups' | 'checkout' | 'portal' | 'save' | 'confirm';

/** The button offered with the message. */
export type Remedy = 'retry' | 'sign_in' | 'reload_account';

export interface DashboardProblem {
  action: DashboardAction;
  message: string;
  remedy: Remedy;
}

const DOING: Record<DashboardAction, string> = {
  load: 'We could not load your account.',
  groups: 'We could not load the job alert groups.',
  checkout: 'We could not start the payment.',
  portal: 'We could not open Manage subscription.',
  save: 'We could not save your alert groups.',
  confirm: 'We could not confirm your payment yet (it can take a minute to reach us).',
};

const messageOf = (error: unknown): string | null =>
  typeof error === 'object' && error !== null && 'message' in error && typeof error.message === 'string' && error.message.trim() !== '' ? error.message : null;

export function dashboardProblem(action: DashboardAction, error: unknown): DashboardProblem {
  const status = statusOf(error);
  if (status === 401) return { action, message: `${DOING[action]} Your sign-in has expired: sign in again to continue.`, remedy: 'sign_in' };
  if (status === 409 && action === 'checkout')
    return {
      action,
      message: 'You already have a paid plan, so there is nothing to pay. Change or cancel it in Manage subscription.',
      remedy: 'reload_account',
    };
  if (status === 409 && action === 'save')
    return { action, message: 'Your alert groups were changed in another window. Reload them, then choose again.', remedy: 'reload_account' };
  const failure = failureOf(error);
  if (failure.kind === 'rejected') return { action, message: `${DOING[action]} ${messageOf(error) ?? failure.message}`, remedy: 'retry' };
  return { action, message: `${DOING[action]} ${failure.title}: ${failure.message}`, remedy: 'retry' };
}
