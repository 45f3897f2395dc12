/**
 * Words the generated catalogue is built from. Every entry is one plain ASCII word (two for
 * genres), so SQL `lower()` of a generated name equals `normalizeForSearch()` of it and the
 * search columns can be computed in SQL. 'Strait' gives the prefix query 'stra' a realistic
 * crowd of matches (1 title in 40); 'Quiet' + 'Harbour' give the multi-word query its matches.
 * No first name starts with 'mara' and no surname is 'Holt', so the cast query finds only the
 * known titles.
 */
export const adjectives = [
  'Crimson', 'Silent', 'Quiet', 'Golden', 'Hidden', 'Broken', 'Distant', 'Electric', 'Frozen', 'Wild',
  'Lost', 'Midnight', 'Scarlet', 'Silver', 'Hollow', 'Restless', 'Burning', 'Fading', 'Savage', 'Gentle',
  'Northern', 'Endless', 'Bitter', 'Velvet', 'Iron', 'Paper', 'Lonely', 'Secret', 'Falling', 'Rising',
  'Wandering', 'Shattered', 'Emerald', 'Amber', 'Twisted', 'Bright', 'Dark', 'Sacred', 'Stolen', 'Last',
];

export const nouns = [
  'Harbour', 'River', 'Kingdom', 'Garden', 'Empire', 'Horizon', 'Shadow', 'Station', 'Letter', 'Mountain',
  'Island', 'Promise', 'Echo', 'Signal', 'Frontier', 'Orchard', 'Lantern', 'Voyage', 'Carnival', 'Winter',
  'Summer', 'Harvest', 'Tide', 'Crown', 'Mirror', 'Highway', 'Circus', 'Meadow', 'Archive', 'Canyon',
  'Compass', 'Engine', 'Forest', 'Galaxy', 'Legacy', 'Machine', 'Storm', 'Street', 'Strait', 'Heart',
];

export const genreNames = [
  'Action', 'Adventure', 'Animation', 'Comedy', 'Crime', 'Documentary',
  'Drama', 'Family', 'Fantasy', 'Horror', 'Mystery', 'Romance', 'Science Fiction', 'Thriller',
];

export const firstNames = [
  'Ada', 'Ben', 'Clara', 'Daniel', 'Elena', 'Felix', 'Grace', 'Hugo', 'Iris', 'Jonas',
  'Kira', 'Leo', 'Lena', 'Milo', 'Nina', 'Oscar', 'Paula', 'Quinn', 'Rosa', 'Samuel',
  'Tara', 'Umar', 'Vera', 'Walter', 'Xenia', 'Yusuf', 'Zoe', 'Aaron', 'Bianca', 'Caleb',
  'Dalia', 'Emil', 'Freya', 'Gideon', 'Hana', 'Ivan', 'Julia', 'Karl', 'Lucia', 'Nadia',
];

export const surnames = [
  'Abbott', 'Barnes', 'Castillo', 'Dunn', 'Ellis', 'Fischer', 'Garner', 'Hayes', 'Ingram', 'Jensen',
  'Keller', 'Lindqvist', 'Moreau', 'Novak', 'Okafor', 'Pereira', 'Quinlan', 'Ramos', 'Sato', 'Turner',
  'Ueda', 'Varga', 'Weber', 'Xu', 'Young', 'Zeller', 'Adler', 'Brandt', 'Costa', 'Duval',
  'Engel', 'Fontaine', 'Gallo', 'Horvat', 'Ito', 'Jovanovic', 'Kowalski', 'Larsen', 'Marsh', 'Nilsen',
];
