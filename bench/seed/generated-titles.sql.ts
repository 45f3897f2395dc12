/**
 * Inserts titles $5..$6 with their genres and cast in one statement. Each title's words, kind,
 * genres and cast come from hashes of its number, so every run builds the same catalogue.
 * Parameters: $1 adjectives, $2 nouns, $3 first names, $4 surnames, $5 first number, $6 last number.
 *
 * The search columns are `lower()` of plain ASCII words joined by single spaces, which is exactly
 * what searchColumns() makes of them (name, then cast in order, then genres); catalogue.seed.ts
 * checks a sample against it. Genres are put in alphabetical order so that check can rebuild them.
 */
export const insertGeneratedTitles = `
with gen as (
  select g.i,
    $1::text[] as adj, $2::text[] as noun,
    (select array_agg(name order by name) from genres) as genre,
    h.*
  from generate_series($5::int, $6::int) as g(i)
  cross join lateral (
    select hashint4extended(g.i, 1) & 2147483647 as h1,
           hashint4extended(g.i, 2) & 2147483647 as h2,
           hashint4extended(g.i, 3) & 2147483647 as h3,
           hashint4extended(g.i, 4) & 2147483647 as h4,
           hashint4extended(g.i, 5) & 2147483647 as h5,
           hashint4extended(g.i, 6) & 2147483647 as h6
  ) h
), named as (
  select i,
    adj[1 + h1 % cardinality(adj)] || ' ' || noun[1 + h2 % cardinality(noun)] || ' ' || i as name,
    lower(adj[1 + h1 % cardinality(adj)] || '-' || noun[1 + h2 % cardinality(noun)]) || '-g' || i as slug,
    case when h3 % 4 = 0 then 'series' else 'movie' end::content_kind as kind,
    genre[1 + h4 % cardinality(genre)] as genre_a,
    genre[1 + (h4 + 1 + h5 % (cardinality(genre) - 1)) % cardinality(genre)] as genre_b,
    -- Three distinct people: a start and a stride below a third of the people.
    h6 % people.n as cast_start,
    1 + h5 % (people.n / 3 - 1) as cast_stride
  from gen, (select cardinality($3::text[]) * cardinality($4::text[]) as n) people
), cast_named as (
  select named.*, least(genre_a, genre_b) as genre1, greatest(genre_a, genre_b) as genre2,
    array(select ($3::text[])[1 + p % cardinality($3::text[])] || ' ' || ($4::text[])[1 + p / cardinality($3::text[])]
          from unnest(array[cast_start,
                            (cast_start + cast_stride) % (cardinality($3::text[]) * cardinality($4::text[])),
                            (cast_start + 2 * cast_stride) % (cardinality($3::text[]) * cardinality($4::text[]))]) as p) as cast_names
  from named
), inserted as (
  insert into titles (kind, slug, name, description, release_year, duration_minutes, rating, age_limit, is_free,
                      vertical_banner, horizontal_banner, search_name, search_text)
  select kind, slug, name, name || ': a generated title for benchmarks.', 1960 + i % 65, 80 + i % 70,
         (i % 51) / 10.0, (array[0, 7, 13, 16, 18])[1 + i % 5], i % 10 = 0,
         '/media/images/gen-' || i || '-v.webp', '/media/images/gen-' || i || '-h.webp',
         lower(name), lower(concat_ws(' ', name, cast_names[1], cast_names[2], cast_names[3], genre1, genre2))
  from cast_named
  returning id, slug
), genres_linked as (
  insert into title_genres (title_id, genre_id)
  select inserted.id, genres.id
  from inserted join cast_named using (slug) join genres on genres.name in (cast_named.genre1, cast_named.genre2)
  returning 1
), cast_linked as (
  insert into title_cast (title_id, person_id, role, position)
  select inserted.id, people.id, 'Role ' || k.place, k.place - 1
  from inserted join cast_named using (slug)
  cross join lateral unnest(cast_named.cast_names) with ordinality as k(name, place)
  -- Only generated people: a known title's cast may share a generated name.
  join people on people.name = k.name and people.image like '/media/images/gen-person-%'
  returning 1
)
select (select count(*) from inserted)::int as titles,
       (select count(*) from genres_linked)::int as genres,
       (select count(*) from cast_linked)::int as cast
`;

/** The people generated titles cast: every first name with every surname, once. */
export const insertGeneratedPeople = `
insert into people (name, image)
select f || ' ' || s, '/media/images/gen-person-' || fi || '-' || si || '.webp'
from unnest($1::text[]) with ordinality as a(f, fi), unnest($2::text[]) with ordinality as b(s, si)
`;
