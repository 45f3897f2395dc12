import type { CategorySpec } from './demo-types';

/**
 * Categories with their banners and rows, by title slug. The row lengths are chosen against the
 * web client's thresholds (behaviour.md §5): 'View All' above 5 items; carousel arrows above 5 for
 * Vertical, 4 for Horizontal, 1 for Long Horizontal. Each category also has one short row that shows
 * neither. Disabled titles (iron-verdict, borrowed-thunder, room-without-windows,
 * night-shift-diaries) sit in rows and banners on purpose, to exercise the API's isEnable filters.
 */
export const demoCategories: CategorySpec[] = [
  {
    name: 'Home',
    banners: [
      { title: 'stranger-tides', origin: 'Video' },
      { title: 'neon-requiem', origin: 'Image' },
      { title: 'cafe-lumiere', origin: 'Image' },
      { title: 'kingdom-of-salt', origin: 'Video' },
      { title: 'iron-verdict', origin: 'Image' },
    ],
    rows: [
      {
        name: 'Trending Now',
        imageType: 'Vertical',
        titles: ['stranger-tides', 'neon-requiem', 'cafe-lumiere', 'iron-verdict', 'kingdom-of-salt', 'orbit-of-ashes', 'the-glass-cartographer', 'monsoon-syndicate', 'hollow-pines', 'northbound-sleeper'],
      },
      {
        name: 'New Releases',
        imageType: 'Horizontal',
        titles: ['static-bloom', 'room-without-windows', 'snowglobe-express', 'dead-frequency', 'neon-requiem', 'cinder-crown', 'the-moonlit-menagerie', 'kingdom-of-salt', 'the-marigold-affair'],
      },
      {
        name: 'Featured Tonight',
        imageType: 'Long Horizontal',
        titles: ['kingdom-of-salt', 'the-lighthouse-at-maren-point', 'wild-currents'],
      },
      {
        name: 'Free to Watch',
        imageType: 'Horizontal',
        titles: ['straw-hat-summer', 'pip-and-the-cloud-factory', 'harbour-street-precinct', 'wild-currents', 'little-comets', 'captain-sprocket-saves-summer'],
      },
      {
        name: 'Award Winners',
        imageType: 'Horizontal',
        titles: ['platform-of-echoes', 'little-lantern', 'the-quiet-summit', 'beneath-the-ice'],
      },
    ],
  },
  {
    name: 'Movies',
    banners: [
      { title: 'orbit-of-ashes', origin: 'Video' },
      { title: 'the-glass-cartographer', origin: 'Image' },
      { title: 'northbound-sleeper', origin: 'Image' },
      { title: 'cinder-crown', origin: 'Image', isEnable: false },
    ],
    rows: [
      {
        name: 'Blockbusters',
        imageType: 'Vertical',
        titles: ['orbit-of-ashes', 'cinder-crown', 'dust-runners', 'borrowed-thunder', 'neon-requiem', 'the-glass-cartographer', 'iron-verdict', 'midnight-at-velvet-row', 'static-bloom'],
      },
      {
        name: 'Thrillers After Dark',
        imageType: 'Horizontal',
        titles: ['northbound-sleeper', 'midnight-at-velvet-row', 'room-without-windows', 'neon-requiem', 'the-saffron-ledger', 'hollow-pines', 'static-bloom'],
      },
      {
        name: "Director's Spotlight",
        imageType: 'Long Horizontal',
        titles: ['the-lighthouse-at-maren-point', 'platform-of-echoes', 'under-the-jacaranda', 'the-saffron-ledger'],
      },
      {
        name: 'Love Stories',
        imageType: 'Horizontal',
        titles: ['cafe-lumiere', 'seven-winters-in-oslo', 'a-recipe-for-rain', 'the-marigold-affair'],
      },
      {
        name: 'World Cinema',
        imageType: 'Vertical',
        titles: ['cafe-lumiere', 'the-saffron-ledger', 'under-the-jacaranda', 'the-night-market-ghost', 'northbound-sleeper', 'platform-of-echoes', 'seven-winters-in-oslo', 'a-recipe-for-rain', 'the-marigold-affair'],
      },
      {
        name: 'Feel-Good Favourites',
        imageType: 'Horizontal',
        titles: ['straw-hat-summer', 'second-chair', 'a-recipe-for-rain', 'the-marigold-affair', 'the-fossil-detectives', 'the-night-market-ghost'],
      },
    ],
  },
  {
    name: 'Series',
    banners: [
      { title: 'stranger-tides', origin: 'Image' },
      { title: 'monsoon-syndicate', origin: 'Video' },
      { title: 'dead-frequency', origin: 'Image' },
      { title: 'night-shift-diaries', origin: 'Image' },
    ],
    rows: [
      {
        name: 'Popular Series',
        imageType: 'Vertical',
        titles: ['stranger-tides', 'kingdom-of-salt', 'monsoon-syndicate', 'night-shift-diaries', 'dead-frequency', 'harbour-street-precinct', 'beneath-the-ice', 'little-comets', 'mossbottom-farm'],
      },
      {
        name: 'Binge-Worthy',
        imageType: 'Horizontal',
        titles: ['kingdom-of-salt', 'stranger-tides', 'monsoon-syndicate', 'dead-frequency', 'harbour-street-precinct', 'beneath-the-ice'],
      },
      {
        name: 'Series Premieres',
        imageType: 'Long Horizontal',
        titles: ['dead-frequency', 'kingdom-of-salt', 'stranger-tides'],
      },
      {
        name: 'Crime & Mystery',
        imageType: 'Horizontal',
        titles: ['monsoon-syndicate', 'harbour-street-precinct', 'stranger-tides', 'dead-frequency'],
      },
      {
        name: 'Bite-Size Episodes',
        imageType: 'Horizontal',
        titles: ['harbour-street-precinct', 'little-comets', 'night-shift-diaries', 'mossbottom-farm'],
      },
    ],
  },
  {
    name: 'Kids',
    banners: [
      { title: 'little-comets', origin: 'Video' },
      { title: 'pip-and-the-cloud-factory', origin: 'Image' },
      { title: 'the-moonlit-menagerie', origin: 'Image' },
      { title: 'snowglobe-express', origin: 'Image' },
    ],
    rows: [
      {
        name: 'Kids Favourites',
        imageType: 'Vertical',
        titles: ['pip-and-the-cloud-factory', 'the-moonlit-menagerie', 'little-comets', 'bramble-and-bolt', 'snowglobe-express', 'mossbottom-farm', 'captain-sprocket-saves-summer', 'little-lantern'],
      },
      {
        name: 'Animated Adventures',
        imageType: 'Horizontal',
        titles: ['bramble-and-bolt', 'snowglobe-express', 'the-moonlit-menagerie', 'little-lantern', 'pip-and-the-cloud-factory', 'captain-sprocket-saves-summer'],
      },
      {
        name: 'Storytime Spotlight',
        imageType: 'Long Horizontal',
        titles: ['little-lantern', 'the-moonlit-menagerie', 'mossbottom-farm'],
      },
      {
        name: 'Nature & Wonder',
        imageType: 'Horizontal',
        titles: ['wild-currents', 'beneath-the-ice', 'the-quiet-summit'],
      },
      {
        name: 'Family Movie Night',
        imageType: 'Vertical',
        titles: ['straw-hat-summer', 'the-fossil-detectives', 'snowglobe-express', 'bramble-and-bolt', 'second-chair', 'pip-and-the-cloud-factory', 'little-lantern'],
      },
    ],
  },
];
