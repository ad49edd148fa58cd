-- Paired with the leader: for each purple, its mean difference in score to the board's leading purple (the highest
-- mean over scored trials; ties: more worlds, then id) on the worlds both faced, with a 95 % interval. Trials of one
-- world pair by `world_digest` (protocol.md §3; it names no seed, so held-out rows pair too): each world's own
-- difficulty cancels, so a paired difference resolves purples that are close far sooner than two means side by
-- side (`green-agent compare` gives the same per part and scenario, with p-values). Several trials of one world are
-- averaged first. The interval is Student's t over the paired worlds (the quantile of the nearest df listed below at
-- or under the pairs' df: conservative between the entries and beyond 30).
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
worlds AS (
    SELECT id, scenario_id || ':' || (entry ->> 'world_digest') AS world, AVG(percentage) AS percentage
    FROM trials
    WHERE id IS NOT NULL AND NOT errored AND COALESCE(entry ->> 'world_digest', '') <> ''
    GROUP BY id, world
),
leader AS (
    SELECT id FROM worlds GROUP BY id ORDER BY AVG(percentage) DESC, COUNT(*) DESC, id LIMIT 1
),
pairs AS (
    SELECT w.id, w.percentage - r.percentage AS difference
    FROM worlds AS w
    JOIN worlds AS r ON r.world = w.world AND r.id = (SELECT id FROM leader)
),
t AS (
    SELECT * FROM (VALUES (1, 12.706), (2, 4.303), (3, 3.182), (4, 2.776), (5, 2.571), (6, 2.447), (7, 2.365),
                          (8, 2.306), (9, 2.262), (10, 2.228), (12, 2.179), (15, 2.131), (20, 2.086), (25, 2.060),
                          (30, 2.042)) AS q(df, quantile)
),
paired AS (
    SELECT id, COUNT(*) AS n, AVG(difference) AS mean, STDDEV_SAMP(difference) AS sd FROM pairs GROUP BY id
)
SELECT
    p.id,
    (SELECT id FROM leader)                                                                AS reference,
    p.n                                                                                    AS "Paired worlds",
    ROUND(p.mean, 1)                                                                       AS "Difference (points)",
    ROUND(p.mean - COALESCE((SELECT quantile FROM t WHERE df <= p.n - 1 ORDER BY df DESC LIMIT 1), 1.96)
          * p.sd / SQRT(p.n), 1)                                                          AS "95% low",
    ROUND(p.mean + COALESCE((SELECT quantile FROM t WHERE df <= p.n - 1 ORDER BY df DESC LIMIT 1), 1.96)
          * p.sd / SQRT(p.n), 1)                                                          AS "95% high"
FROM paired AS p
ORDER BY "Difference (points)" DESC, p.id;
