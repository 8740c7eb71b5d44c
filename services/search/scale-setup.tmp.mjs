import { openDatabase } from '@frenly/db';
import { sql } from 'drizzle-orm';
const url = 'postgres://postgres@127.0.0.1:5432/frenly_search_scale_tmp';
const handle = await openDatabase({ databaseUrl: url, schemas: ['search'] });
const db = handle.db;
const n = Number(process.argv[2] ?? 100000);
let t = performance.now();
await db.execute(sql`create temporary table vocab as select row_number() over () as i, w from (select distinct word as w from (select unnest(regexp_split_to_array(lower(md5(g::text)), '[0-9]+')) as word from generate_series(1, 40000) g) x where length(word) >= 3 limit 8000) y`);
const v = await db.execute(sql`select count(*)::int as n from vocab`);
console.log('vocab', v.rows[0]);
// zipf-ish word picker
await db.execute(sql`create temporary table va as select array_agg(w order by i) as a from vocab`);
await db.execute(sql`create or replace function pg_temp.words(k int, arr text[]) returns text language sql volatile as $$
  select string_agg(arr[1 + floor(power(random(), 3) * (array_length(arr, 1) - 1))::int], ' ') from generate_series(1, k) $$`);
for (let done = 0; done < n; done += 10000) {
  await db.execute(sql`insert into search.sites (url, domain, title, description, page_text, source, frenliness_score, upvotes, downvotes, trust_score)
    select 'https://s' || g || '.example/', 's' || g || '.example', pg_temp.words(3 + (g % 4), va.a), pg_temp.words(15 + (g % 10), va.a), pg_temp.words(150 + (g % 150), va.a), 'crawl',
      case when g % 3 = 0 then (g * 7919) % 101 else null end, (g * 31) % 50, (g * 17) % 20, case g % 4 when 0 then 'high' when 1 then 'medium' when 2 then 'low' else null end
    from generate_series(${done + 1}::int, ${Math.min(n, done + 10000)}::int) g, va`);
  console.log('inserted', Math.min(n, done + 10000), Math.round(performance.now() - t), 'ms');
}
await db.execute(sql`analyze search.sites`);
console.log('total', Math.round(performance.now() - t));
const top = await db.execute(sql`select i, w from vocab where i in (1,2,5,20,100,500,2000,6000) order by i`);
console.log(top.rows);
await handle.close();
