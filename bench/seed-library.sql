-- 200,000 library tracks for the search benchmark, in one statement: Dutch-sounding artists
-- (2,500 of them) and titles of two or three words, 10 % not requestable, plus a few known songs
-- the search must find ("blof", "golden earing", "radar", "zomeravnd"). Run on a throwaway
-- database only (it empties library_tracks). Plain SQL, no psql commands:
--   psql "$DATABASE_URL" -v ON_ERROR_STOP=1 -f bench/seed-library.sql
delete from library_tracks;
insert into library_tracks (source, media_id, request_id, path, title, artist, album, duration, requestable)
select
  'https://bench.example',
  'media-' || n,
  case when n % 10 = 0 then null else 'media-' || n end,
  artist || '/' || title || '.mp3',
  title,
  artist,
  'Album ' || (n % 20011),
  150 + n % 150,
  n % 10 <> 0
from (
  select
    n,
    (array['Anneke','Bram','Femke','Kees','Lotte','Ruud','Sanne','Tessa','Hendrik','Lieke',
           'Joost','Marieke','Pieter','Annelies','Wouter','Ingrid','Gert','Mirjam','Sjoerd',
           'Ellen','Teun','Ilse','Bart','Noor','Jaap'])[1 + n % 25]
      || ' ' ||
    (array['de Vries','Jansen','Bakker','Visser','Smit','Meijer','de Boer','Mulder','de Groot',
           'Bos','Vos','Peters','Hendriks','van Leeuwen','Dekker','Brouwer','de Wit','Dijkstra',
           'Smits','de Graaf','van der Meer','Kok','Jacobs','van den Berg','Vermeulen','Bosman',
           'Hoekstra','Veenstra','Molenaar','Kuipers','van Dijk','Schouten','Prins','Huisman',
           'Post','Kuiper','Maas','Timmermans','Willems','Evers','Koster','van Wijk','Gerritsen',
           'Verhoeven','Blom','Hofman','Postma','Wolters','Kramer','Boersma','Sanders','Koning',
           'Scholten','Groen','Zwart','Verbeek','Lammers','Wijnands','Haan','Martens','Roos',
           'van Beek','Geurts','Bosch','Drost','de Ruiter','Zijlstra','Jonker','Hermans',
           'Kroon','Stam','Lubbers','van Loon','Pauwels','Rutten','Snel','Steen','Claassen',
           'Ooms','Broekman','Bekker','Mol','Reinders','van Vliet','Vink','Wouters','Nijhuis',
           'Kamp','Bouma','Faber','Wiersma','Hoogland','Brink','Aalbers','Rademaker','Oosterhuis',
           'Dam','Kooij','Schipper','Tol'])[1 + (n / 25) % 100] as artist,
    initcap((array['zomer','avond','zee','regen','liefde','dijk','molen','tulpen','fiets','gracht',
                   'haven','wind','storm','nacht','dag','licht','sterren','maan','zon','wolken',
                   'polder','brug','kanaal','boot','trein','stad','dorp','kerk','markt','feest',
                   'hart','tranen','dromen','dansen','zingen','lente','herfst','winter','sneeuw',
                   'rivier'])[1 + n % 40])
      || ' ' ||
    (array['in','aan','op','over','onder','voor','na','met','zonder','bij'])[1 + (n / 40) % 10]
      || ' ' ||
    (array['de zee','het strand','de dijk','de Dam','het IJ','de Veluwe','de Waal','het dorp',
           'de stad','de brug','de haven','het plein','de markt','de polder','het kanaal',
           'de horizon','de avond','de nacht','de morgen','het water','de wolken','de heuvel',
           'de molen','de kust','het veld','de weide','de lucht','de straat','het station',
           'de kade','het bos','de duinen','de heide','de rivier','de vaart','de gracht',
           'het eiland','de kerk','het huis','de tuin','de boerderij','de sloot','het meer',
           'de bocht','de weg','het pad','de laan','de hoek','het hof','de poort'])[1 + (n / 400) % 50]
      || case when n % 7 = 0 then ' (live)' else '' end as title
  from generate_series(1, 199996) as n
) as generated;
insert into library_tracks (source, media_id, request_id, path, title, artist, album, duration)
values
  ('https://bench.example', 'known-1', 'known-1', 'BLØF/Zoutelande.mp3', 'Zoutelande', 'BLØF', 'Aan', 188),
  ('https://bench.example', 'known-2', 'known-2', 'Golden Earring/Radar Love.mp3', 'Radar Love', 'Golden Earring', 'Moontan', 376),
  ('https://bench.example', 'known-3', 'known-3', 'Golden Earring/Twilight Zone.mp3', 'Twilight Zone', 'Golden Earring', 'Cut', 290),
  ('https://bench.example', 'known-4', 'known-4', 'Anneke Bosman/Zomeravond aan Zee.mp3', 'Zomeravond aan Zee', 'Anneke Bosman', 'Kustlicht', 45);
analyze library_tracks;
