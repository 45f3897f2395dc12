/** Invented actors; each gets a generated portrait. */
export const demoPeople: string[] = [
  'Mara Quill',
  'Omar Reyes',
  'Ines Kalder',
  'Tobias Wren',
  'Amara Okafor',
  'Kenji Morita',
  'Sofia Lindqvist',
  'Dev Malhotra',
  'Claire Beaumont',
  'Mateo Alvarez',
  'Hana Kim',
  'Felix Adeyemi',
  'Priya Raman',
  'Lucas Moreau',
  'Nadia Petrova',
  'Samuel Achterberg',
  'Yara Haddad',
  'Owen Gallagher',
  'Lena Fischer',
  'Tariq Aziz',
  'Chloé Marchand',
  'Diego Santoro',
  'Ingrid Solberg',
  'Rafael Costa',
  'Mei Tanaka',
  'Jonah Whitlock',
  'Aisha Bello',
  'Viktor Hale',
  'Rosa Delgado',
  'Elliot Park',
];

/** Character names are drawn from these when a title lists no roles of its own. */
export const characterFirstNames = [
  'Ada', 'Bram', 'Cass', 'Dara', 'Eli', 'Freya', 'Gideon', 'Hollis', 'Iris', 'Jude', 'Kasia', 'Leon',
  'Maya', 'Niko', 'Orla', 'Pavel', 'Quinn', 'Rana', 'Silas', 'Tessa', 'Uma', 'Vik', 'Wren', 'Zora',
];

export const characterLastNames = [
  'Ashford', 'Blackwood', 'Castell', 'Drummond', 'Ellery', 'Falk', 'Grady', 'Harlow', 'Ivers', 'Juno',
  'Kessler', 'Lowe', 'Mercer', 'Navarro', 'Oakes', 'Pryce', 'Rook', 'Sterling', 'Thorne', 'Vance',
];

/** Documentaries credit what people do rather than whom they play. */
export const documentaryRoles = ['Narrator', 'Expedition Lead', 'Field Scientist', 'Dive Team', 'Archive Interviews'];
