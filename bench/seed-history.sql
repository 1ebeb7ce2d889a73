-- 1,000,000 plays for the benchmark, one every 3.5 minutes up to now (about 6.7 years, ~411 a
-- day, like a real station), in one statement. Run on a throwaway database only.
\set ON_ERROR_STOP on
truncate play_history;
insert into play_history (source, azuracast_id, title, artist, album, played_at, duration)
select
  'https://bench.example',
  n,
  'Titel van nummer ' || (n % 5003),
  'Artiest ' || (n % 797),
  case when n % 4 = 0 then null else 'Album ' || (n % 1201) end,
  now() - (1000000 - n) * interval '210 seconds',
  150 + n % 150
from generate_series(1, 1000000) as n;
