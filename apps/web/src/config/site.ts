/** Fixed facts about the business shown across pages. */
export const site = {
  name: 'Marquee',
  supportEmail: 'support@marquee.example',
  postalAddress: ['Marquee Streaming Ltd.', '221 Harbour Street, Suite 4', 'Lisbon 1200-109', 'Portugal'],
} as const;
