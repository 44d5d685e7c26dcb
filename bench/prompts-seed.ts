/**
 * A team's prompt history, seeded straight into a studio database for `bench:prompts`: `count`
 * generation tasks by several members (a few captions between them, as the studio records), each
 * prompt drawn from a small vocabulary so that searches match a realistic share, a third of the
 * image tasks with one to four results (stored under `items/bench/<task>-<n>.jpg`). Times one
 * second apart, newest last.
 */
import { sql } from "drizzle-orm";
import type { StudioDatabase } from "../lib/server/db";

const SUBJECTS = ["fox", "owl", "city", "tower", "river", "forest", "glass", "snow", "harbour", "lighthouse"];
const TIMES = ["dawn", "noon", "dusk", "night"];
const STYLES = ["soft light", "film grain", "wide view", "oil painting", "watercolour", "35mm photo"];
const list = (words: string[]) => sql.raw(`array[${words.map((w) => `'${w}'`).join(",")}]`);

/** Inserts `count` tasks by `members` (in turn, by a hash) and their items; answers nothing. */
export async function seedPromptHistory(db: StudioDatabase, members: string[], count: number) {
  const authors = sql.raw(`array[${members.map((m) => `'${m}'`).join(",")}]`);
  await db.execute(sql`
    insert into task (task_uuid, task_type, author_id, params, status, item_count, created_at, updated_at)
    select md5('bench-task-' || g)::uuid,
      case when h.a % 50 = 0 then 'imageCaption' when h.a % 25 = 1 then 'videoInference' else 'imageInference' end,
      (${authors})[1 + h.b % ${members.length}],
      case when h.a % 50 = 0
        then jsonb_build_object('taskType', 'imageCaption', 'inputImage', 'upload:' || g)
        else jsonb_build_object(
          'taskType', case when h.a % 25 = 1 then 'videoInference' else 'imageInference' end,
          'positivePrompt', 'a ' || (${list(SUBJECTS)})[1 + h.c % ${SUBJECTS.length}]
            || ' at ' || (${list(TIMES)})[1 + h.d % ${TIMES.length}]
            || ', ' || (${list(STYLES)})[1 + h.e % ${STYLES.length}] || ', take ' || (g % 97),
          'negativePrompt', 'blurry',
          'model', 'runware:' || (100 + h.c % 7) || '@1',
          'width', 1024, 'height', 1024, 'steps', 28, 'CFGScale', 7, 'seed', g,
          'numberResults', 1 + h.e % 4, 'outputFormat', 'JPG')
      end,
      'success', 1 + h.e % 4,
      timestamptz '2026-01-01' + (g || ' seconds')::interval,
      timestamptz '2026-01-01' + (g || ' seconds')::interval
    from generate_series(1, ${count}::int) g,
      lateral (select (hashint4(g) & 2147483647) a, (hashint4(g + 1000003) & 2147483647) b,
        (hashint4(g + 2000003) & 2147483647) c, (hashint4(g + 3000003) & 2147483647) d,
        (hashint4(g + 4000003) & 2147483647) e) h`);
  await db.execute(sql`
    insert into item (task_uuid, author_id, index, media_uuid, kind, mime, width, height, seed,
      storage_key, bytes, created_at, task_type, workflow, model, prompt)
    select t.task_uuid, t.author_id, i, t.task_uuid || '-' || i,
      'image', 'image/jpeg', 1024, 1024, i, 'items/bench/' || t.task_uuid || '-' || i || '.jpg', 4000,
      t.created_at, t.task_type,
      'text-to-image', t.params ->> 'model', t.params ->> 'positivePrompt'
    from task t, generate_series(0, t.item_count - 1) i
    where t.task_type = 'imageInference' and (hashint4(t.item_count + extract(epoch from t.created_at)::int) & 2147483647) % 3 = 0`);
  await db.execute(sql`analyze task`);
  await db.execute(sql`analyze item`);
}
