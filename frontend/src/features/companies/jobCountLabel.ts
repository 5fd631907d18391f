/** '1 job', '71 jobs', '1,333 jobs'. */
export const jobCountLabel = (count: number): string => `${count.toLocaleString('en-US')} ${count === 1 ? 'job' : 'jobs'}`;
