/** Broadcast notifications every viewer finds in the bell after signing up. */
export interface NotificationSpec {
  title: string;
  description: string;
  /** The title whose wide artwork illustrates the notification. */
  titleSlug: string;
  daysAgo: number;
}

export const demoNotifications: NotificationSpec[] = [
  {
    title: 'New series: Stranger Tides',
    description:
      'The tide in a Cornish fishing village goes out and does not come back. Every episode of season one is streaming now.',
    titleSlug: 'stranger-tides',
    daysAgo: 1,
  },
  {
    title: 'Free to watch: Straw Hat Summer',
    description: 'Three city cousins, one sunflower farm and a lemonade empire: free for everyone, no subscription needed.',
    titleSlug: 'straw-hat-summer',
    daysAgo: 3,
  },
  {
    title: 'Café Lumière is now in the catalogue',
    description: 'A Lyon barista who rewrites her customers\' love letters finds one addressed to her. Now streaming, in French with English subtitles.',
    titleSlug: 'cafe-lumiere',
    daysAgo: 6,
  },
];
