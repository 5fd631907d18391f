/** How a workplace type reads everywhere (cards, job pages, filters, emails): 'Remote', 'Hybrid', 'On-site'. */
import type { Workplace } from '../jobs/job';

export const WORKPLACE_LABELS: Readonly<Record<Workplace, string>> = { remote: 'Remote', hybrid: 'Hybrid', onsite: 'On-site' };

export const workplaceLabel = (workplace: Workplace): string => WORKPLACE_LABELS[workplace];
