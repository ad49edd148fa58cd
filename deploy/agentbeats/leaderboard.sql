-- The leaderboard: one row per purple (its AgentBeats id), ranked by pass rate, then by mean score.
--
-- AgentBeats runs each query over the table `results` it builds from the leaderboard repository's results files,
-- one row per file: CREATE TABLE results AS SELECT * FROM read_json_auto('results/*.json') (docs.agentbeats.dev,
-- tutorial, "Appendix A: Writing Leaderboard Queries"); the first column must be the AgentBeats id, `id`. A file is
-- what the template's workflow writes for one submission (all its shards):
--   {"status": "completed", "participants": <scenario.json5's metadata.agentbeats_ids>, "results": [<row>, ...]}
-- whose rows are the green's Result rows (protocol.md §3): one per trial (row_type 'trial'), one summary per shard.
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
)
SELECT
    id,
    ROUND(AVG(CASE WHEN passed THEN 100.0 ELSE 0.0 END) FILTER (WHERE NOT errored), 1) AS "Pass rate (%)",
    ROUND(AVG(percentage) FILTER (WHERE NOT errored), 1)                                AS "Mean score (%)",
    COUNT(*) FILTER (WHERE NOT errored)                                                 AS trials,
    COUNT(*) FILTER (WHERE errored)                                                     AS errored_trials,
    COUNT(DISTINCT scenario_id) FILTER (WHERE NOT errored)                              AS scenarios
FROM trials
WHERE id IS NOT NULL
GROUP BY id
ORDER BY "Pass rate (%)" DESC NULLS LAST, "Mean score (%)" DESC NULLS LAST, id;
