import type { EpisodeSpec, SeriesSpec } from './demo-types';

/** Invented series; episode lists are short enough for a demo but long enough to scroll. */
export const demoSeries: SeriesSpec[] = [
  {
    name: 'Stranger Tides', genres: ['Sci-Fi', 'Thriller', 'Drama'], language: 'English', year: 2022, rating: 4.6, ageLimit: 16, rentPrice: 7.99,
    tagline: 'The sea is giving back what it took.',
    description: "When the tide in a Cornish fishing village goes out and doesn't come back, the townspeople find a drowned city on the seabed, and a lighthouse signal that has been broadcasting for two hundred years.",
    roles: ['Nell Tregarthen', 'Harbour Master Joss Penrose', 'Dr. Amelia Hart', 'Kit Tregarthen'],
    look: 'seaside',
    episodes: episodes([
      ['Low Water', 56, 'The tide retreats for miles overnight, stranding the fishing fleet and uncovering a stone road that leads out to sea.'],
      ['The Drowned Signal', 51, 'Radio operator Nell Tregarthen decodes a repeating message buried in the static from the old lighthouse.'],
      ['Salt Roads', 49, "A group of villagers follows the stone road onto the seabed, against the coastguard's orders."],
      ['What the Nets Brought', 52, "The boats haul up objects that should not exist yet, including a phone with Nell's photo on the lock screen."],
      ['High Water Mark', 47, 'The harbour master admits the village has lost its sea before, in 1823, and reveals what it cost to get it back.'],
      ["The Keeper's Log", 54, 'A missing page of the lighthouse log points to a bargain struck between the village and the tide.'],
      ['Undertow', 50, 'As the water begins to return, not everyone who walked out onto the seabed wants to come back.'],
      ['Spring Tide', 61, 'Nell must choose between the village and the city beneath it as the highest tide in two centuries rolls in.'],
    ]),
  },
  {
    name: 'Monsoon Syndicate', genres: ['Crime', 'Drama', 'Thriller'], language: 'Hindi', year: 2021, rating: 4.2, ageLimit: 16,
    tagline: 'In Mumbai, the rain washes nothing away.',
    description: 'A Mumbai customs inspector goes undercover inside the smuggling syndicate that killed her brother, only to discover it is run by the people who trained her.',
    episodes: episodes([
      ['Dry Dock', 46, 'Inspector Kavya Rao stages her own disgrace to get hired by a shipping agent with a spotless record.'],
      ['Manifest', 44, 'A container that officially holds textiles is unloaded at night by men Kavya recognises from the academy.'],
      ['First Rain', 47, 'The monsoon arrives early, and with it a shipment the syndicate cannot afford to lose.'],
      ['The Tailor of Dongri', 43, 'Kavya traces the forged paperwork to a tailor who has sewn secrets into customs forms for thirty years.'],
      ['Flood Line', 48, 'With the port underwater, the syndicate moves everything in one night, and Kavya is asked to drive.'],
      ['Clearance', 52, 'Kavya finally meets the head of the syndicate and learns why her brother really died.'],
    ]),
  },
  {
    name: 'Harbour Street Precinct', genres: ['Crime', 'Comedy'], language: 'English', year: 2019, rating: 3.9, ageLimit: 13, isFree: true,
    tagline: "Crime doesn't pay. Neither does this job.",
    description: 'The quietest police station in Northern Ireland gets a new sergeant who is determined to find a crime worth solving, whether or not one has been committed.',
    episodes: episodes([
      ['The Missing Gnome', 27, 'Sergeant Maeve Doherty treats a stolen garden gnome as the start of a crime wave.'],
      ['Parking Disputes', 26, 'Two neighbours have been double-parking at each other for eleven years. Maeve intends to end it.'],
      ['The Ferry Incident', 29, "A tourist's suitcase goes missing on the morning ferry and the whole station boards the evening one to find it."],
      ['Undercover Bingo', 28, "Maeve goes undercover at the parish hall's bingo night after reports of a suspiciously lucky player."],
      ['Night Patrol', 27, 'The station attempts its first night patrol in living memory. It goes as well as expected.'],
      ['Case Closed', 31, 'Headquarters announces the precinct will close, unless someone can prove it is needed.'],
    ]),
  },
  {
    name: 'Little Comets', genres: ['Animation', 'Family', 'Sci-Fi'], language: 'English', year: 2020, rating: 4.4, ageLimit: 0, isFree: true,
    tagline: "The solar system's smallest explorers.",
    description: 'Four young comets on their first trip around the sun learn about the planets, making friends and the importance of not melting.',
    roles: ['Zip', 'Nova', 'Pebble', 'Grandpa Halley'],
    look: 'scifi',
    episodes: episodes([
      ['Hello, Sun!', 12, 'The comets leave the cold edge of the solar system and feel the sunshine for the very first time.'],
      ["Jupiter's Big Storm", 11, 'A giant red storm on Jupiter looks scary until the comets learn how to say hello.'],
      ['Rings of Saturn', 12, 'Pebble gets stuck in the rings of Saturn and makes a hundred icy new friends.'],
      ['The Red Planet', 11, 'The comets race to Mars to find out why it is red, and get very dusty.'],
      ['Moon Hide-and-Seek', 12, 'A game of hide-and-seek behind the moons of Neptune goes a little too well.'],
      ['Tail Trouble', 13, "Nova's tail grows longer near the sun, and Grandpa Halley explains why."],
    ]),
  },
  {
    name: 'Kingdom of Salt', genres: ['Fantasy', 'Action', 'Drama'], language: 'English', year: 2023, rating: 4.5, ageLimit: 16, rentPrice: 8.99,
    tagline: 'Every crown crumbles.',
    description: 'Three heirs, one throne carved from a salt mountain, and a desert that swallows armies whole. When the old queen dies without naming a successor, her children go to war over a kingdom that is slowly dissolving.',
    episodes: episodes([
      ['The Salt Throne', 58, "The queen dies at the height of the caravan season, and her will is missing."],
      ['Three Crowns', 55, 'Each heir claims the throne, and each finds allies in unexpected places.'],
      ['The Glass Desert', 53, 'The youngest heir crosses the glass desert to bargain with the nomad clans.'],
      ['Brine', 56, 'A rainstorm, the first in forty years, begins to melt the foundations of the palace.'],
      ['Caravan', 52, 'A caravan of refugees brings news that the mountain is dissolving from within.'],
      ['Oath of Sand', 54, 'An old oath binds the eldest heir to a choice between the crown and her sister.'],
      ['The Dry King', 57, 'The forgotten king of the desert returns to claim what the queen took from him.'],
      ['What Remains', 63, 'The battle for the throne is fought as the mountain collapses beneath it.'],
    ]),
  },
  {
    name: 'Dead Frequency', genres: ['Sci-Fi', 'Thriller'], language: 'English', year: 2024, rating: 4.0, ageLimit: 13, look: 'horror',
    tagline: 'Tomorrow is calling.',
    description: 'A late-night radio host in Alaska starts receiving calls from listeners who claim to be phoning from next week.',
    episodes: episodes([
      ['Caller One', 42, 'A caller describes, in detail, a storm that has not happened yet.'],
      ['Static', 41, 'The host tries to warn the town about the storm and is taken off the air.'],
      ['Long Range', 44, 'A caller from further in the future asks the host to stop listening.'],
      ['Dead Air', 40, 'The calls stop. Then the host hears her own voice on the line.'],
      ['Sign Off', 46, 'The last broadcast, and the week that was never supposed to happen.'],
    ]),
  },
  {
    name: 'Mossbottom Farm', genres: ['Animation', 'Comedy', 'Family'], language: 'English', year: 2022, rating: 4.1, ageLimit: 0,
    tagline: 'Trouble rolls downhill.',
    description: 'On a tiny farm at the bottom of a very steep hill, a sheep who thinks she is a sheepdog keeps everyone in line.',
    episodes: episodes([
      ['Woolly Rules', 11, 'Dot the sheep writes the farm rules. The goats have questions.'],
      ['The Great Turnip', 10, 'A turnip the size of a tractor rolls down the hill and into the duck pond.'],
      ['Sheepdog Trials', 12, 'Dot enters the county sheepdog trials. Nobody tells her she is a sheep.'],
      ['Snow Day', 11, 'The first snow of winter turns the hill into the fastest slide in the county.'],
    ]),
  },
  {
    name: 'Beneath the Ice', genres: ['Documentary'], language: 'English', year: 2021, rating: 4.6, ageLimit: 0,
    tagline: 'A living world, sealed for a million years.',
    description: "Scientists and divers explore the lakes, caves and strange life hidden beneath Antarctica's ice sheet.",
    episodes: episodes([
      ['The Drill Site', 49, 'A team spends a summer drilling three kilometres through the ice to reach a buried lake.'],
      ['Blue Caves', 51, 'Divers map meltwater caves that change shape from one week to the next.'],
      ['Life Without Light', 48, 'Microbes found in the buried lake have lived without sunlight for a million years.'],
      ['The Thaw', 53, 'What the ice is telling scientists about the future of the planet.'],
    ]),
  },
  {
    name: 'Night Shift Diaries', genres: ['Drama', 'Comedy'], language: 'English', year: 2018, rating: 3.7, ageLimit: 13, isEnable: false,
    tagline: 'Nobody sleeps on Ward Nine.',
    description: 'Four junior doctors on the night shift at an understaffed city hospital try to keep their patients alive, their relationships intact and the vending machine working.',
    episodes: episodes([
      ['Handover', 31, "First night on Ward Nine, and the day team's notes are written on a napkin."],
      ['Full Moon', 29, 'Every bed is full, the lift is broken and the registrar is missing.'],
      ['Code Grey', 30, 'A power cut leaves the ward running on torches and nerve.'],
      ['Vending Machine', 28, 'The vending machine swallows its last coin, and morale goes with it.'],
      ['Morning', 33, 'The longest shift of the year ends with an unexpected goodbye.'],
    ]),
  },
];

function episodes(rows: Array<[name: string, minutes: number, description: string]>): EpisodeSpec[] {
  return rows.map(([name, minutes, description]) => ({ name, minutes, description }));
}
