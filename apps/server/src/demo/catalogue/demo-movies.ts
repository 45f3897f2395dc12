import type { MovieSpec } from './demo-types';

/** Invented films: any resemblance to a real title is accidental. */
export const demoMovies: MovieSpec[] = [
  {
    name: 'Café Lumière', genres: ['Romance', 'Drama'], language: 'French', year: 2019, minutes: 104, rating: 4.3, ageLimit: 13, rentPrice: 3.99,
    tagline: 'Every love letter has a ghostwriter.',
    description: "A Lyon barista who secretly rewrites her customers' love letters finds one addressed to her. Over one rain-soaked winter, the café becomes the stage for a courtship conducted entirely in borrowed words.",
    roles: ['Juliette Marchal', 'Antoine Vasseur', 'Madame Roux'],
  },
  {
    name: 'Straw Hat Summer', genres: ['Comedy', 'Family'], language: 'English', year: 2021, minutes: 97, rating: 3.8, ageLimit: 7, isFree: true, look: 'kids',
    tagline: 'Three cousins. One farm. Zero supervision.',
    description: "Sent to their grandmother's sunflower farm for the holidays, three city cousins start a roadside lemonade empire that spirals wonderfully out of control.",
  },
  {
    name: 'The Lighthouse at Maren Point', genres: ['Drama'], language: 'English', year: 2021, minutes: 118, rating: 4.1, ageLimit: 13, look: 'seaside',
    tagline: 'Some lights are kept for the ones who never come home.',
    description: "After her father's death, a marine biologist returns to the remote island lighthouse he kept for forty years. Snowed in with a stranded ferry crew, she pieces together the letters he never sent.",
  },
  {
    name: 'Neon Requiem', genres: ['Sci-Fi', 'Crime', 'Thriller'], language: 'English', year: 2023, minutes: 126, rating: 3.9, ageLimit: 16, look: 'thriller', rentPrice: 4.99,
    tagline: 'In a city that never powers down, memories are evidence.',
    description: "A burned-out detective in a rain-drenched megacity can replay the last hour of any victim's memories. When the same stranger appears in three unrelated murders, she starts to suspect the recordings have been edited.",
    roles: ['Detective Rhea Okoro', 'The Stranger', 'Captain Ilya Brandt', 'Sol'],
  },
  {
    name: 'Orbit of Ashes', genres: ['Sci-Fi', 'Action'], language: 'English', year: 2022, minutes: 132, rating: 3.7, ageLimit: 13, rentPrice: 4.99,
    tagline: 'Six hundred days from home. One chance to get back.',
    description: 'When a solar storm cripples a mining station orbiting a dying moon, its skeleton crew has eleven hours to rebuild a launch vehicle from salvage.',
  },
  {
    name: 'Hollow Pines', genres: ['Horror'], language: 'English', year: 2020, minutes: 94, rating: 3.4, ageLimit: 18,
    tagline: 'The forest remembers every name.',
    description: 'A family buys a cabin at the edge of a forest where hikers vanish every autumn. Their youngest daughter starts leaving the back door open at night, and something keeps accepting the invitation.',
  },
  {
    name: 'The Glass Cartographer', genres: ['Fantasy', 'Drama'], language: 'English', year: 2018, minutes: 121, rating: 4.4, ageLimit: 13, rentPrice: 3.99,
    tagline: 'She draws the maps. The world follows.',
    description: "An apprentice mapmaker discovers that anything she draws on her master's glass maps becomes real by morning. Hunted by a guild that wants the maps for war, she must decide which borders are worth redrawing.",
  },
  {
    name: 'The Saffron Ledger', genres: ['Crime', 'Drama'], language: 'Hindi', year: 2021, minutes: 138, rating: 4.0, ageLimit: 16,
    tagline: "Every fortune in Old Delhi is written in someone's ledger.",
    description: "A meticulous spice-market accountant discovers that his employer's books hide a smuggling route. Quietly, one column at a time, he begins to steal it for himself.",
  },
  {
    name: 'Midnight at Velvet Row', genres: ['Crime', 'Thriller'], language: 'English', year: 2017, minutes: 109, rating: 3.8, ageLimit: 16, rentPrice: 2.99,
    tagline: 'The last set of the night is always the most dangerous.',
    description: 'A jazz pianist witnesses a murder in the club where she plays and becomes the only person who can place the killer at the scene. The trouble is, she was the one who let him in.',
  },
  {
    name: 'Pip and the Cloud Factory', genres: ['Animation', 'Family', 'Comedy'], language: 'English', year: 2022, minutes: 84, rating: 4.2, ageLimit: 0, isFree: true,
    tagline: 'Every cloud has a maker.',
    description: 'Pip, a small robot who sorts raindrops in a factory above the sky, accidentally ships a thunderstorm to the wrong town. With a grumpy pigeon for a guide, Pip sets off to bring the weather back.',
    roles: ['Pip', 'Gusto the Pigeon', 'Foreman Nimbus'],
  },
  {
    name: 'Bramble & Bolt', genres: ['Animation', 'Action', 'Family'], language: 'English', year: 2020, minutes: 91, rating: 3.9, ageLimit: 7,
    tagline: 'A hedgehog, a hare and one very big race.',
    description: 'A cautious hedgehog and a reckless hare enter the Great Meadow Race to save their burrow from the builders, and learn that the fastest way across the valley is not always a straight line.',
    roles: ['Bramble', 'Bolt', 'Old Badger'],
  },
  {
    name: 'The Moonlit Menagerie', genres: ['Animation', 'Fantasy', 'Family'], language: 'English', year: 2023, minutes: 88, rating: 4.5, ageLimit: 0, look: 'fantasy',
    tagline: 'When the zoo closes, the night shift begins.',
    description: 'Every night after closing, the animals of the city zoo slip through a painted gate into a moonlit kingdom. When the gate starts to fade, a shy young keeper must help them home before sunrise.',
  },
  {
    name: 'Captain Sprocket Saves Summer', genres: ['Animation', 'Comedy'], language: 'English', year: 2019, minutes: 79, rating: 3.6, ageLimit: 0, isFree: true, look: 'comedy',
    tagline: 'The heatwave has met its match.',
    description: "When the town's ice-cream machine breaks on the hottest day of the year, a toy-sized superhero with a squeaky cape rallies the neighbourhood kids to fix it.",
  },
  {
    name: 'Little Lantern', genres: ['Animation', 'Drama', 'Family'], language: 'Japanese', year: 2021, minutes: 86, rating: 4.6, ageLimit: 7, look: 'drama',
    tagline: 'A small light for a long night.',
    description: 'A paper lantern comes to life at a lakeside festival and drifts downriver in search of the girl who made it. A gentle, wordless journey past fishing villages, night markets and one very patient heron.',
  },
  {
    name: 'The Fossil Detectives', genres: ['Family', 'Comedy'], language: 'English', year: 2018, minutes: 92, rating: 3.5, ageLimit: 7,
    tagline: 'The case is sixty-six million years cold.',
    description: 'Two eleven-year-old museum regulars notice that the dinosaur bones in the main hall have been swapped for replicas, and launch an investigation of their own.',
  },
  {
    name: 'Wild Currents', genres: ['Documentary'], language: 'English', year: 2022, minutes: 97, rating: 4.7, ageLimit: 0, isFree: true, look: 'seaside',
    tagline: 'Follow the water. Find the life.',
    description: 'A year-long journey along the ocean currents that connect coral reefs, kelp forests and polar seas, filmed from research ships, by free divers and from the air.',
  },
  {
    name: 'Salt and Iron', genres: ['Documentary'], language: 'English', year: 2016, minutes: 88, rating: 4.1, ageLimit: 0, look: 'seaside',
    tagline: 'Built by hand. Carried by the sea.',
    description: 'The last traditional shipwrights of a Scottish harbour town spend two years building a wooden fishing boat the way their grandfathers did.',
  },
  {
    name: 'The Quiet Summit', genres: ['Documentary', 'Drama'], language: 'Nepali', year: 2020, minutes: 102, rating: 4.3, ageLimit: 7,
    tagline: 'Some mountains are climbed in silence.',
    description: 'A deaf mountaineer and her Sherpa guide, who share no spoken language, attempt an unclimbed Himalayan peak. An intimate film about trust, effort and how much can be said without words.',
  },
  {
    name: 'Seven Winters in Oslo', genres: ['Romance', 'Drama'], language: 'Norwegian', year: 2015, minutes: 112, rating: 3.9, ageLimit: 13,
    tagline: 'They only ever meet when it snows.',
    description: 'Two strangers share a taxi on the first snowy night of the year and agree to meet again at the next first snowfall. Seven winters, seven evenings, one slowly unfolding life.',
  },
  {
    name: 'Dust Runners', genres: ['Action', 'Sci-Fi'], language: 'English', year: 2021, minutes: 115, rating: 3.2, ageLimit: 16,
    tagline: 'Water is currency. Speed is survival.',
    description: 'On a drought-ruined continent, a crew of couriers races armoured convoys across the salt flats to deliver water to the towns the cartels have written off.',
  },
  {
    name: 'Iron Verdict', genres: ['Action', 'Thriller'], language: 'English', year: 2019, minutes: 107, rating: 3.0, ageLimit: 18, isEnable: false,
    tagline: 'Justice has a deadline.',
    description: 'A disgraced bailiff has twenty-four hours to escort a key witness across a city where every police radio has been bought.',
  },
  {
    name: 'The Marigold Affair', genres: ['Comedy', 'Romance'], language: 'Spanish', year: 2022, minutes: 101, rating: 3.8, ageLimit: 13,
    tagline: 'Two planners. One wedding. No surrender.',
    description: "Rival wedding planners are booked for the same Oaxaca wedding by mistake, and neither will back down. Between the marigolds, a runaway mariachi band and the bride's three ex-boyfriends, something unexpected starts to bloom.",
  },
  {
    name: 'Static Bloom', genres: ['Horror', 'Sci-Fi'], language: 'English', year: 2024, minutes: 99, rating: 3.6, ageLimit: 18,
    tagline: "Don't listen to the garden.",
    description: 'A botanist on a remote research station finds that her experimental orchids respond to radio static. Then they start broadcasting.',
  },
  {
    name: 'Under the Jacaranda', genres: ['Drama'], language: 'Portuguese', year: 2020, minutes: 124, rating: 4.2, ageLimit: 13,
    tagline: 'One tree. Three generations. One secret.',
    description: 'In a Lisbon courtyard, three generations of women gather every spring under a jacaranda to mark the anniversary of a wedding that never happened. This year, the groom is coming back.',
  },
  {
    name: 'The Night Market Ghost', genres: ['Horror', 'Comedy'], language: 'Korean', year: 2021, minutes: 103, rating: 3.7, ageLimit: 16,
    tagline: 'Business is dead. Literally.',
    description: 'A struggling street-food vendor in Busan discovers that her best customer is a ghost who can only be seen after midnight, and who pays in very old coins.',
  },
  {
    name: 'Borrowed Thunder', genres: ['Action', 'Comedy'], language: 'English', year: 2018, minutes: 98, rating: 3.1, ageLimit: 13, isEnable: false,
    tagline: 'Two stunt doubles. One real heist.',
    description: 'Two washed-up stunt doubles are hired for what they think is a film shoot, and realise halfway through the car chase that the bank robbery is real.',
  },
  {
    name: 'Cinder Crown', genres: ['Fantasy', 'Action'], language: 'English', year: 2023, minutes: 141, rating: 4.0, ageLimit: 13, look: 'action', rentPrice: 5.99,
    tagline: 'The throne is made of fire. So is she.',
    description: "When a volcano wakes beneath the capital, a blacksmith's daughter who cannot be burned becomes the only person able to reach the crown buried in its heart. Three kingdoms are racing her there.",
  },
  {
    name: 'Second Chair', genres: ['Drama', 'Comedy'], language: 'English', year: 2019, minutes: 106, rating: 4.1, ageLimit: 7,
    tagline: 'Not everyone gets the solo.',
    description: "A cellist who has played second chair in a city orchestra for twenty-two years finally gets her shot at the solo, on the night of the orchestra's final concert.",
  },
  {
    name: 'Northbound Sleeper', genres: ['Thriller', 'Crime'], language: 'German', year: 2022, minutes: 111, rating: 3.9, ageLimit: 16,
    tagline: 'Nine carriages. Twelve hours. One passenger too many.',
    description: 'On the overnight train from Munich to Hamburg, an insurance investigator realises that the man in the next compartment died three years ago. She handled his claim.',
  },
  {
    name: 'A Recipe for Rain', genres: ['Romance', 'Comedy'], language: 'Italian', year: 2017, minutes: 96, rating: 3.6, ageLimit: 7,
    tagline: 'Love, with a pinch of salt.',
    description: 'A chef who has lost her sense of taste agrees to judge a small-town cooking contest in Puglia, where an infuriating baker keeps winning with recipes she cannot taste but somehow remembers.',
  },
  {
    name: 'Platform of Echoes', genres: ['Drama'], language: 'Japanese', year: 2016, minutes: 117, rating: 4.5, ageLimit: 13, rentPrice: 3.49,
    tagline: 'The last train always waits for someone.',
    description: 'The station master of a rural railway stop keeps it open for a single passenger, a schoolgirl who takes the 6:40 each morning. When the line is scheduled for closure, the whole valley rallies around them.',
  },
  {
    name: 'Room Without Windows', genres: ['Thriller'], language: 'English', year: 2024, minutes: 93, rating: 3.3, ageLimit: 16, isEnable: false,
    tagline: 'Forty-eight hours. No exits.',
    description: 'Six strangers wake up in a sealed vault beneath a city tower, each holding the key to a different door. Only one of the doors is real.',
  },
  {
    name: 'Snowglobe Express', genres: ['Animation', 'Family', 'Fantasy'], language: 'English', year: 2024, minutes: 82, rating: 4.0, ageLimit: 0, look: 'fantasy',
    tagline: 'All aboard the smallest journey in the world.',
    description: 'A toy train inside a snow globe sets out to find the girl who shook it every winter, crossing glass mountains and a frozen sea of glitter to reach her.',
  },
];
