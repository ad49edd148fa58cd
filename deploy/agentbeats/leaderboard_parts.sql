-- A leaderboard by part of the day: one row per purple and part (a family such as workday composes each day of
-- parts; protocol.md §3 `part_scores`) at one version of one pack (a private pack's parts are named like the public
-- ones), over every scored trial whose day held that part, ranked within each part.
-- The table `results` and the rows as in leaderboard.sql.
--
-- The rows below are the same in every query (leaderboard_parts.sql, leaderboard_attacks.sql; a test keeps them so):
-- * read_json_auto types a column from every file's values (a STRUCT, a MAP or JSON, depending on what the files
--   hold); to_json gives the same JSON whichever it is, so the query never depends on what other files contain;
-- * the purple's id: the row's `participant_id` (when the request named it: config.agentbeats_ids), else the one
--   non-empty `participants` entry whose key is not 'green' (this green's component name in scenario.json5: rename
--   both or neither). A row with neither is dropped: no leaderboard line without an id;
-- * a trial whose status is 'errored' measured nothing about the purple (it could not be reached at the start, its
--   world was lost, the green failed): it is in no figure, only counted (`errored_trials`).
WITH submissions AS (
    SELECT to_json(f.participants) AS ids, to_json(f.results) AS rows
    FROM results AS f
),
trials AS (
    SELECT
        COALESCE(NULLIF(r.entry ->> 'participant_id', ''),
                 (SELECT CASE WHEN COUNT(*) = 1 THEN MAX(s.ids ->> k) END
                  FROM UNNEST(json_keys(s.ids)) AS p(k)
                  WHERE k <> 'green' AND COALESCE(s.ids ->> k, '') <> ''))  AS id,
        COALESCE(r.entry ->> 'status' = 'errored', FALSE)                   AS errored,
        CAST(r.entry ->> 'passed' AS BOOLEAN)                                AS passed,
        CAST(r.entry ->> 'percentage' AS DOUBLE)                             AS percentage,
        r.entry ->> 'scenario_id'                                            AS scenario_id,
        r.entry                                                              AS entry
    FROM submissions AS s
    CROSS JOIN UNNEST(json_extract(s.rows, '$[*]')) AS r(entry)
    WHERE r.entry ->> 'row_type' = 'trial'
),
parts AS (
    SELECT t.id, t.errored, p.part ->> 'part' AS part, p.part ->> 'pack' AS pack,
           CAST(p.part ->> 'version' AS INTEGER) AS version,
           CAST(p.part ->> 'passed' AS BOOLEAN) AS passed,
           CAST(p.part ->> 'percentage' AS DOUBLE) AS percentage
    FROM trials AS t
    CROSS JOIN UNNEST(json_extract(t.entry, '$.part_scores[*]')) AS p(part)
)
SELECT
    id,
    part,
    pack,
    version,
    ROUND(AVG(CASE WHEN passed THEN 100.0 ELSE 0.0 END) FILTER (WHERE NOT errored), 1) AS "Pass rate (%)",
    ROUND(AVG(percentage) FILTER (WHERE NOT errored), 1)                                AS "Mean score (%)",
    COUNT(*) FILTER (WHERE NOT errored)                                                 AS trials,
    COUNT(*) FILTER (WHERE errored)                                                     AS errored_trials
FROM parts
WHERE id IS NOT NULL
GROUP BY id, part, pack, version
ORDER BY part, pack, version, "Pass rate (%)" DESC NULLS LAST, "Mean score (%)" DESC NULLS LAST, id;
