/** The three benefits the pricing modal ('Unlock AI Jobs with Latent Jobs') explains. */
export const ALERT_BENEFITS = [
  {
    title: 'Discover Hidden Jobs',
    text: 'We read the hiring systems of the companies building AI directly, so you see openings that never make it to the big job boards.',
  },
  {
    title: 'Get Ahead of the Competition',
    text: 'New roles reach you within hours of being posted, while the applicant pile is still small and hiring managers are still reading every application.',
  },
  {
    title: 'Stay Informed with Daily Updates',
    text: 'One email a day with only the new jobs in the groups you choose: no duplicates, no noise, and you can cancel any time.',
  },
] as const;
